import { and, eq, gt } from 'drizzle-orm';
import { phoneLeases, runners } from '../../../db/schema';
import { cachedFor, keepFor } from '../cache';
import type { ServiceCtx } from '../context';
import { metrics } from '../metrics/registry';

/** A nudge older (or newer) than this is refused: the signature covers the time. */
const WAKE_WINDOW_MS = 60_000;
/** How long a phone's holder address is trusted before it is looked up again. */
const HOLDER_TTL_MS = 2_000;
/** Past this many phones the holder cache starts over. */
const HOLDERS_MAX = 10_000;
/** A runner that does not take the nudge this fast is left to its poll. */
const NUDGE_TIMEOUT_MS = 2_000;

const encoder = new TextEncoder();

/** HMAC-SHA256 of `<phoneId>.<at>` under the shared secret, in hex. */
export async function wakeSignature(secret: string, phoneId: number, at: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${phoneId}.${at}`)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a nudge is signed with the secret and recent. */
export async function validWake(ctx: ServiceCtx, phoneId: number, at: number, signature: string): Promise<boolean> {
  const secret = ctx.config.WAKE_SECRET;
  if (!secret || Math.abs(ctx.now() - at) > WAKE_WINDOW_MS) return false;
  const expected = await wakeSignature(secret, phoneId, at);
  let diff = expected.length ^ signature.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (signature.charCodeAt(i) || 0);
  return diff === 0;
}

/** The address of the runner holding a phone's live lease (cached briefly on ctx.cache: a burst of sends looks it up once). */
async function holderAddress(ctx: ServiceCtx, phoneId: number): Promise<string | null> {
  const now = ctx.now();
  return cachedFor(
    ctx.cache.wakeHolders,
    phoneId,
    now,
    HOLDER_TTL_MS,
    async () => {
      const row = await ctx.db
        .select({ address: runners.address })
        .from(phoneLeases)
        .innerJoin(runners, eq(runners.id, phoneLeases.runnerId))
        .where(and(eq(phoneLeases.phoneId, phoneId), gt(phoneLeases.leaseUntil, now)))
        .get();
      return row?.address ?? null;
    },
    HOLDERS_MAX,
  );
}

/** Keeps the address of a phone's lease holder read along with something else (the send path's phone row). */
export function rememberHolder(ctx: Pick<ServiceCtx, 'cache' | 'now'>, phoneId: number, address: string | null): void {
  keepFor(ctx.cache.wakeHolders, phoneId, address, ctx.now() + HOLDER_TTL_MS, HOLDERS_MAX);
}

/**
 * Tells the runner that holds a phone that messages wait in its queue, so they go without waiting for
 * its poll. Best effort: a runner that is not reachable, or no secret, leaves the poll to find them.
 */
export async function nudgeHolder(ctx: ServiceCtx, phoneId: number): Promise<void> {
  const secret = ctx.config.WAKE_SECRET;
  if (!secret) return;
  try {
    const address = await holderAddress(ctx, phoneId);
    if (!address) return;
    const at = ctx.now();
    const res = await fetch(`${address.replace(/\/+$/, '')}/wake`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wapi-wake-signature': await wakeSignature(secret, phoneId, at),
      },
      body: JSON.stringify({ phone_id: phoneId, at }),
      signal: AbortSignal.timeout(NUDGE_TIMEOUT_MS),
    });
    // A runner that no longer holds the phone says so: the next send looks the holder up again.
    const hosted = res.ok ? ((await res.json().catch(() => null)) as { hosted?: boolean } | null)?.hosted : undefined;
    if (hosted === false) ctx.cache.wakeHolders.delete(phoneId);
    metrics.wakeups.inc({ direction: 'sent', outcome: res.ok ? 'ok' : 'refused' });
  } catch {
    ctx.cache.wakeHolders.delete(phoneId);
    metrics.wakeups.inc({ direction: 'sent', outcome: 'unreachable' });
  }
}
