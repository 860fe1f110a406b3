/**
 * Meta signs each webhook delivery with the app's secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256
 * of the raw body>`. Checked with WebCrypto (Node and Workers) in constant time.
 */
const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** `sha256=<hex>` for a body (the fake Graph API and the tests sign with it too). */
export async function hubSignature(secret: string, rawBody: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return `sha256=${hex(await crypto.subtle.sign('HMAC', key, encoder.encode(rawBody)))}`;
}

/** Whether the header is the body's signature with `secret`, compared in constant time. */
export async function verifyHubSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
): Promise<boolean> {
  if (!header) return false;
  const expected = await hubSignature(secret, rawBody);
  const given = header.trim().toLowerCase();
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0);
  return diff === 0;
}
