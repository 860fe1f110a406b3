import type { InStatement } from '@libsql/client';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../../../db/schema';
import { ApiError } from '../../errors';
import { sha256Hex } from '../auth/crypto';
import type { ServiceCtx } from '../context';

/** How long a key is remembered. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used with a different request. Use a new key for a new message.';
export const KEY_IN_FLIGHT_MESSAGE = 'A request with this Idempotency-Key is still being processed. Retry in a moment.';

/**
 * How long a `pending` claim holds its key. This code never writes one (the key is recorded in the
 * same commit as its message), but a process of an earlier version did, before accepting, and left it
 * behind when it died: after this long a retry takes the key over instead of getting 409.
 */
export const PENDING_CLAIM_MS = 10_000;

interface Accepted {
  id: string;
  chatId: string;
}

/** A request's claim on its key, recorded with its message (see `keyStatement`). */
export interface KeyClaim {
  pid: string;
  key: string;
  requestHash: string;
}

/** The message was not written: another request recorded the key first (in the same or an earlier commit). */
export class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

/**
 * Records `claim` for the message `msgId`: a new key, or one whose earlier record is past the window
 * or an abandoned pending claim. A live record is left alone, so the message insert that follows in
 * the same transaction (guarded by `keyHeldBy`) writes nothing.
 */
export function keyStatement(claim: KeyClaim, msgId: string, chatId: string, now: number): InStatement {
  return {
    sql:
      "insert into idempotency_keys (pid, key, request_hash, state, msg_id, chat_id, created_at) values (?, ?, ?, 'done', ?, ?, ?) " +
      "on conflict (pid, key) do update set request_hash = excluded.request_hash, state = 'done', msg_id = excluded.msg_id, chat_id = excluded.chat_id, created_at = excluded.created_at " +
      "where idempotency_keys.created_at < ? or (idempotency_keys.state = 'pending' and idempotency_keys.created_at < ?)",
    args: [
      claim.pid,
      claim.key,
      claim.requestHash,
      msgId,
      chatId,
      now,
      now - IDEMPOTENCY_WINDOW_MS,
      now - PENDING_CLAIM_MS,
    ],
  };
}

/** A condition true when the key's record names the message (its arguments: `keyHeldBy`). */
export const KEY_HELD_BY = 'exists (select 1 from idempotency_keys where pid = ? and key = ? and msg_id = ?)';
export function keyHeldBy(claim: KeyClaim, msgId: string): string[] {
  return [claim.pid, claim.key, msgId];
}

/** The key's live record: the message it answers, 422 for another request, 409 for a pending claim; nothing if there is none. */
async function recorded(ctx: ServiceCtx, claim: KeyClaim, now: number): Promise<Accepted | undefined> {
  const first = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.pid, claim.pid), eq(idempotencyKeys.key, claim.key)))
    .get();
  if (!first || first.createdAt < now - IDEMPOTENCY_WINDOW_MS) return undefined;
  if (first.state === 'pending' && first.createdAt < now - PENDING_CLAIM_MS) return undefined;
  if (first.requestHash !== claim.requestHash)
    throw new ApiError('VALIDATION', KEY_REUSED_MESSAGE, { fields: { 'idempotency-key': KEY_REUSED_MESSAGE } });
  if (first.state !== 'done' || !first.msgId || !first.chatId) throw new ApiError('CONFLICT', KEY_IN_FLIGHT_MESSAGE);
  return { id: first.msgId, chatId: first.chatId };
}

/**
 * Runs `accept` at most once per product and key within the window: the same key with the same
 * request answers the first message again (nothing is sent twice); with another request it is
 * refused (422). `accept` writes the key's record in the same commit as the message row (one durable
 * write, nothing to clean up after a crash): a crash before that commit leaves no trace of the key,
 * one after it leaves both, so a retry is accepted once or answered with the first message's id.
 * Concurrent repeats all get the first message's id; a failed request leaves the key free.
 */
export async function acceptOnce(
  ctx: ServiceCtx,
  pid: string,
  key: string,
  request: unknown,
  accept: (claim: KeyClaim) => Promise<Accepted>,
): Promise<Accepted> {
  const claim: KeyClaim = { pid, key, requestHash: await sha256Hex(JSON.stringify(request)) };
  const earlier = await recorded(ctx, claim, ctx.now());
  if (earlier) return earlier;
  try {
    return await accept(claim);
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const first = await recorded(ctx, claim, ctx.now());
    if (first) return first;
    throw new ApiError('CONFLICT', KEY_IN_FLIGHT_MESSAGE);
  }
}

/** Forgets keys older than the window (housekeeping). */
export async function sweepIdempotencyKeys(ctx: ServiceCtx): Promise<void> {
  await ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ctx.now() - IDEMPOTENCY_WINDOW_MS));
}
