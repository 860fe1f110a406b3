import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../../../db/schema';
import { ApiError } from '../../errors';
import { sha256Hex } from '../auth/crypto';
import type { ServiceCtx } from '../context';

/** How long a key is remembered. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request. Use a new key for a new message.';
export const KEY_IN_FLIGHT_MESSAGE = 'A request with this Idempotency-Key is still being processed. Retry in a moment.';

interface Accepted {
  id: string;
  chatId: string;
}

/**
 * Runs `accept` at most once per product and key within the window: the same key with the same
 * request answers the first message again (nothing is sent twice); with another request it is
 * refused (422); while the first is still being accepted, a repeat gets 409. A key whose first
 * request failed is forgotten, so the caller can retry with it.
 */
export async function acceptOnce(ctx: ServiceCtx, pid: string, key: string, request: unknown, accept: () => Promise<Accepted>): Promise<Accepted> {
  const now = ctx.now();
  const requestHash = await sha256Hex(JSON.stringify(request));
  const where = and(eq(idempotencyKeys.pid, pid), eq(idempotencyKeys.key, key));
  await ctx.db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_WINDOW_MS)));
  const claimed = await ctx.db
    .insert(idempotencyKeys)
    .values({ pid, key, requestHash, state: 'pending', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .get();
  if (!claimed) {
    const first = await ctx.db.select().from(idempotencyKeys).where(where).get();
    if (!first) return acceptOnce(ctx, pid, key, request, accept);
    if (first.requestHash !== requestHash) throw new ApiError('VALIDATION', KEY_REUSED_MESSAGE, { fields: { 'idempotency-key': KEY_REUSED_MESSAGE } });
    if (first.state !== 'done' || !first.msgId || !first.chatId) throw new ApiError('CONFLICT', KEY_IN_FLIGHT_MESSAGE);
    return { id: first.msgId, chatId: first.chatId };
  }
  try {
    const accepted = await accept();
    await ctx.db.update(idempotencyKeys).set({ state: 'done', msgId: accepted.id, chatId: accepted.chatId }).where(where);
    return accepted;
  } catch (err) {
    await ctx.db.delete(idempotencyKeys).where(where);
    throw err;
  }
}

/** Forgets keys older than the window (housekeeping). */
export async function sweepIdempotencyKeys(ctx: ServiceCtx): Promise<void> {
  await ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ctx.now() - IDEMPOTENCY_WINDOW_MS));
}
