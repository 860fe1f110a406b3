/** Paddle's SDKs accept a notification signed at most five seconds ago; older ones are replays. */
const SIGNATURE_TOLERANCE_S = 5;

/** `ts=1671552777;h1=abc...;h1=def...` → its timestamp and every `h1` (several during a secret rotation). */
export function parseSignature(header: string): { ts: number; h1: string[] } | null {
  let ts: number | null = null;
  const h1: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 'ts' && /^\d{1,12}$/.test(value)) ts = Number(value);
    else if (key === 'h1' && /^[0-9a-f]{64}$/i.test(value)) h1.push(value.toLowerCase());
  }
  return ts === null || h1.length === 0 ? null : { ts, h1 };
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares two equal-length hex strings without stopping at the first difference. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a `Paddle-Signature` header: HMAC-SHA256 of `{ts}:{raw body}` with the notification
 * secret, hex, equal to one of its `h1` values (compared in constant time), and `ts` within the
 * tolerance of `nowMs` either way. Web Crypto only, so it runs on Workers too.
 */
export async function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowMs: number,
): Promise<boolean> {
  const parsed = header ? parseSignature(header) : null;
  if (!parsed) return false;
  if (Math.abs(nowMs / 1000 - parsed.ts) > SIGNATURE_TOLERANCE_S) return false;
  const expected = await hmacHex(secret, `${parsed.ts}:${rawBody}`);
  let match = false;
  for (const h of parsed.h1) match = sameHex(expected, h) || match;
  return match;
}
