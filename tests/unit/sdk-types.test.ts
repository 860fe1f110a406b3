import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSdkTypes, TYPES_FILE } from '../../sdk/scripts/openapi-types';

/*
 * The SDK cannot drift from the API: its types (sdk/src/openapi.ts, committed) are what
 * openapi-typescript makes of the messaging document the route declarations generate today. A route,
 * a field or a description changed without `npm run generate -w sdk` fails here.
 */
describe('@wapi/client types', () => {
  it('are what openapi-typescript generates from the current /api/openapi.json', async () => {
    const generated = await generateSdkTypes();
    const committed = readFileSync(TYPES_FILE, 'utf8');
    // The first differing line names what drifted, rather than a 300 KB diff.
    const [a, b] = [generated.split('\n'), committed.split('\n')];
    const at = a.findIndex((line, i) => line !== b[i]);
    expect(
      at === -1 && a.length === b.length
        ? 'same'
        : `line ${at + 1}: generated ${JSON.stringify(a[at])}, committed ${JSON.stringify(b[at])}. Run \`npm run generate -w sdk\`.`,
    ).toBe('same');
    // The operations the client's helpers call are in it, typed.
    for (const op of [
      'get_listPhones',
      'post__phone_id_sendMessage',
      'get__phone_id_getConversations__conversation_id',
      'get__phone_id_checknumberstatus',
      'post_mcp',
    ])
      expect(committed).toContain(`    ${op}: {`);
  }, 60_000);
});
