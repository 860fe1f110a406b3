import { and, eq, gt } from 'drizzle-orm';
import { phoneLeases, runners } from '../../../db/schema';
import { cachedFor, keepFor } from '../cache';
import type { ServiceCtx } from '../context';
import { metrics } from '../metrics/registry';

/** A signed nudge on its way to a runner's address. */
interface Nudge {
  phoneId: number;
  at: number;
  signature: string;
}

/**
 * The nudge port: POSTs a nudge to a runner (src/adapters/runners/nudge-post.ts). Answers whether the
 * runner took it and, when it did, whether it hosts the phone; throws when the runner is unreachable.
 */
export type SendNudge = (address: string, nudge: Nudge) => Promise<{ ok: boolean; hosted?: boolean }>;

/** A nudge older (or newer) than this is refused: the signature covers the time. */
const NUDGE_WINDOW_MS = 60_000;
/** How long a phone's holder address is trusted before it is looked up again. */
const HOLDER_TTL_MS = 2_000;
/** Past this many phones the holder cache starts over. */
const HOLDERS_MAX = 10_000;

const encoder = new TextEncoder();

/** HMAC-SHA256 of `<phoneId>.<at>` under the shared secret, in hex. */
export async function nudgeSignature(secret: string, phoneId: number, at: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${phoneId}.${at}`)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a nudge is signed with the secret and recent. */
export async function validNudge(ctx: ServiceCtx, phoneId: number, at: number, signature: string): Promise<boolean> {
  const secret = ctx.config.WAKE_SECRET;
  if (!secret || Math.abs(ctx.now() - at) > NUDGE_WINDOW_MS) return false;
  const expected = await nudgeSignature(secret, phoneId, at);
  let diff = expected.length ^ signature.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (signature.charCodeAt(i) || 0);
  return diff === 0;
}

/** The address of the runner holding a phone's live lease (cached briefly on ctx.cache: a burst of sends looks it up once). */
async function holderAddress(ctx: ServiceCtx, phoneId: number): Promise<string | null> {
  const now = ctx.now();
  return cachedFor(
    ctx.cache.nudgeHolders,
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
  keepFor(ctx.cache.nudgeHolders, phoneId, address, ctx.now() + HOLDER_TTL_MS, HOLDERS_MAX);
}

/**
 * Tells the runner that holds a phone that messages wait in its queue, so they go without waiting for
 * its poll. Best effort: a runner that is not reachable, or no secret, leaves the poll to find them.
 */
export async function nudgeHolder(ctx: ServiceCtx, phoneId: number, send: SendNudge): Promise<void> {
  const secret = ctx.config.WAKE_SECRET;
  if (!secret) return;
  try {
    const address = await holderAddress(ctx, phoneId);
    if (!address) return;
    const at = ctx.now();
    const res = await send(address, { phoneId, at, signature: await nudgeSignature(secret, phoneId, at) });
    // A runner that no longer holds the phone says so: the next send looks the holder up again.
    if (res.hosted === false) ctx.cache.nudgeHolders.delete(phoneId);
    metrics.nudges.inc({ direction: 'sent', outcome: res.ok ? 'ok' : 'refused' });
  } catch {
    ctx.cache.nudgeHolders.delete(phoneId);
    metrics.nudges.inc({ direction: 'sent', outcome: 'unreachable' });
  }
}
