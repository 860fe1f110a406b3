/**
 * Checks a webhook from Wapi as its receiver: Standard Webhooks signatures (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by
 * the secret's bytes). Web Crypto only, so it runs in Node 20+, Deno, Bun, browsers and Workers.
 */

/** Request headers as a Headers object (fetch, Workers, Deno, Bun) or a plain record (Node, Express). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The webhook's secret as the console shows it (`whsec_...`). */
  secret: string;
  headers: WebhookHeaders;
  /** The raw body exactly as received (not parsed and serialised again). */
  body: string | Uint8Array;
  /** How far the timestamp may be from now, in seconds (default 300): an old delivery replayed fails. */
  toleranceSec?: number;
  /** Now in seconds since the epoch (tests). */
  nowSec?: number;
}

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const value = record[name] ?? Object.entries(record).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
};

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Compares in time that does not depend on where the strings differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Whether the delivery is signed with `secret` and recent; false for anything else. Throws only when
 * the runtime has no Web Crypto (a browser page served over plain HTTP has no `crypto.subtle`).
 */
export async function verifyWebhook(opts: VerifyWebhookOptions): Promise<boolean> {
  if (!globalThis.crypto?.subtle)
    throw new Error(
      'verifyWebhook needs Web Crypto (crypto.subtle): Node 20+, Deno, Bun, Workers, or a browser page over HTTPS.',
    );
  const id = header(opts.headers, 'webhook-id');
  const timestamp = header(opts.headers, 'webhook-timestamp');
  const signatures = header(opts.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  const now = opts.nowSec ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (opts.toleranceSec ?? 300)) return false;
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey(
      'raw',
      base64ToBytes(opts.secret.replace(/^whsec_/, '')),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
  } catch {
    return false;
  }
  const body = typeof opts.body === 'string' ? opts.body : new TextDecoder().decode(opts.body);
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
  const expected = bytesToBase64(mac);
  // Several signatures may come, space-separated (a secret being rotated): one match is enough.
  return signatures.split(' ').some((s) => s.startsWith('v1,') && sameText(s.slice(3), expected));
}

/** The delivery's JSON once its signature checks; a WebhookVerificationError otherwise. */
export async function parseWebhook<T = unknown>(opts: VerifyWebhookOptions): Promise<T> {
  if (!(await verifyWebhook(opts))) throw new WebhookVerificationError();
  return JSON.parse(typeof opts.body === 'string' ? opts.body : new TextDecoder().decode(opts.body)) as T;
}

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor() {
    super('The webhook signature does not match its secret, or the delivery is too old.');
  }
}
