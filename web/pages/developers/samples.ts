/** Code samples of the documentation page, filled with the product's own values. */

/** The contact card the documentation's sample request sends (3-developer §2.1: type vcard). */
const SAMPLE_VCARD = {
  displayName: 'John Doe',
  vcard:
    'BEGIN:VCARD\nVERSION:3.0\nFN;CHARSET=UTF-8:John Doe\nN;CHARSET=UTF-8:;John;Doe;;\nTEL;TYPE=CELL:+905301234567\nEND:VCARD',
};

/** A curl command that sends the sample contact card through a phone. */
export function vcardCurl(origin: string, productId: string, token: string, phoneId: string): string {
  const body = JSON.stringify({ to_number: '905301234567', type: 'vcard', message: SAMPLE_VCARD }, null, 2);
  return [
    `curl -X POST '${origin}/api/${productId}/${phoneId}/sendMessage' \\`,
    `  -H 'x-api-key: ${token}' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d '${body.replace(/'/g, "'\\''")}'`,
  ].join('\n');
}

/** How a receiver checks a webhook's Standard Webhooks signature, in Node. */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the webhook signing secret of the Webhook page (whsec_…)
function verify(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest('base64');
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  return age < 300 && headers['webhook-signature'].split(' ').some((s) => {
    const [version, sig] = s.split(',');
    return version === 'v1' && sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
  });
}`;

/** "Use from TypeScript": @wapi/client set up for the product, sending one message. */
export function sdkSnippet(origin: string, productId: string, token: string, phoneId: string): string {
  return `// npm install @wapi/client
import { createWapiClient, WapiError } from '@wapi/client';

const wapi = createWapiClient({
  baseUrl: '${origin}',
  productId: '${productId}',
  token: '${token}',
});

const phones = await wapi.listPhones();
const msgId = await wapi.sendMessage(${/^\d+$/.test(phoneId) ? phoneId : `'${phoneId}'`}, { to_number: '905301234567', type: 'text', message: 'Hello from TypeScript' });
const chat = await wapi.getConversation(${/^\d+$/.test(phoneId) ? phoneId : `'${phoneId}'`}, '905301234567@c.us');
// Failures throw WapiError: err.status, err.code ('VALIDATION', 'NOT_FOUND', ...)`;
}

/** The MCP endpoint of the product. */
export const mcpUrl = (origin: string, productId: string) => `${origin}/api/${productId}/mcp`;

/** "Use from an AI assistant": the MCP server entry most clients read (Claude, Cursor, VS Code: mcpServers). */
export function mcpConfig(origin: string, productId: string, token: string): string {
  return JSON.stringify(
    { mcpServers: { wapi: { type: 'http', url: mcpUrl(origin, productId), headers: { 'x-api-key': token } } } },
    null,
    2,
  );
}

/** The same server added from a terminal, for Claude Code. */
export function mcpCommand(origin: string, productId: string, token: string): string {
  return `claude mcp add --transport http wapi ${mcpUrl(origin, productId)} --header 'x-api-key: ${token}'`;
}
