import { base64ToBytes, bytesToBase64 } from '../../shared/base64';

const enc = new TextEncoder();

/** A new Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${bytesToBase64(crypto.getRandomValues(new Uint8Array(24)))}`;
}

/**
 * The Standard Webhooks headers for a body: `webhook-id`, `webhook-timestamp` (seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed by the secret's bytes>`.
 */
export async function signWebhook(
  secret: string,
  id: string,
  timestampSec: number,
  body: string,
): Promise<Record<string, string>> {
  const key = await crypto.subtle.importKey(
    'raw',
    base64ToBytes(secret.replace(/^whsec_/, '')) as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(`${id}.${timestampSec}.${body}`)));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': `v1,${bytesToBase64(mac)}`,
  };
}

/** Checks a Standard Webhooks signature (what a receiver does; used by tests and the docs' example). */
export async function verifyWebhook(
  secret: string,
  headers: Record<string, string | undefined>,
  body: string,
  nowSec: number,
  toleranceSec = 300,
): Promise<boolean> {
  const id = headers['webhook-id'];
  const ts = Number(headers['webhook-timestamp']);
  const sigs = (headers['webhook-signature'] ?? '').split(' ');
  if (!id || !Number.isFinite(ts) || Math.abs(nowSec - ts) > toleranceSec) return false;
  const expected = (await signWebhook(secret, id, ts, body))['webhook-signature'];
  return sigs.includes(expected!);
}
