import { and, asc, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { messages, type MessageRow } from '../../../db/schema';
import { sentOnChatQuery } from './store';

type Query = BatchItem<'sqlite'>;

/**
 * What became of one claimed row, written back in the next round trip:
 * - sent: WhatsApp took it;
 * - retry: a transient failure, queued again after its backoff (it holds its chat until then);
 * - failed: a final failure;
 * - release: not tried (the phone went offline, the sender stopped, or an earlier message of its chat
 *   must be retried first): queued again as it was, without spending an attempt.
 */
export type Outcome =
  | { kind: 'sent'; row: MessageRow; chatId: string; at: number }
  | { kind: 'retry'; row: MessageRow; error: string; at: number; nextAttemptAt: number }
  | { kind: 'failed'; row: MessageRow; error: string; at: number }
  | { kind: 'release'; row: MessageRow; at: number };

/** The writes of one outcome, every one fenced by the lease (`holds`). */
export function outcomeQueries(db: Db, phoneId: number, o: Outcome, holds: SQL): Query[] {
  const mine = and(eq(messages.seq, o.row.seq), eq(messages.status, 'sending'), holds);
  switch (o.kind) {
    case 'sent':
      return [
        db.update(messages).set({ status: 'sent', chatId: o.chatId, sentAt: o.at, updatedAt: o.at, error: null }).where(mine),
        sentOnChatQuery(db, phoneId, o.chatId, o.row.body, o.at, holds),
      ];
    case 'retry':
      return [db.update(messages).set({ status: 'queued', nextAttemptAt: o.nextAttemptAt, error: o.error, updatedAt: o.at }).where(mine)];
    case 'failed':
      return [db.update(messages).set({ status: 'failed', error: o.error, updatedAt: o.at }).where(mine)];
    case 'release':
      return [db.update(messages).set({ status: 'queued', attempts: sql`${messages.attempts} - 1`, updatedAt: o.at }).where(mine)];
  }
}

/**
 * Claims up to `max` messages that may go now, oldest first, in one statement: queued, due, and not
 * behind an earlier message of their chat that waits for a retry (a chat's order holds). Their
 * attempts count up; the statement answers the claimed rows.
 */
export function claimQuery(db: Db, phoneId: number, now: number, max: number, holds: SQL, skipChats: readonly string[] = []) {
  const due = db
    .select({ seq: messages.seq })
    .from(messages)
    .where(
      and(
        eq(messages.phoneId, phoneId),
        eq(messages.status, 'queued'),
        lte(messages.nextAttemptAt, now),
        skipChats.length ? notInArray(messages.chatId, [...skipChats]) : undefined,
        // The queue index walks only queued rows: a chat's sent history is never read.
        sql`not exists (select 1 from messages w indexed by messages_queue_idx where w.phone_id = ${phoneId} and w.status = 'queued' and w.seq < ${messages.seq} and w.chat_id = ${messages.chatId} and w.next_attempt_at > ${now})`,
      ),
    )
    .orderBy(asc(messages.seq))
    .limit(max);
  return db
    .update(messages)
    .set({ status: 'sending', attempts: sql`${messages.attempts} + 1`, updatedAt: now })
    .where(and(inArray(messages.seq, due), eq(messages.status, 'queued'), holds))
    .returning();
}

/**
 * When the phone's next message may go: the soonest of its chats' first queued messages (a chat's
 * later ones wait behind it), leaving out chats that wait for their gap. Null: nothing queued.
 */
export function nextDueQuery(db: Db, phoneId: number, skipChats: readonly string[] = []) {
  const heads = db
    .select({ seq: sql<number>`min(${messages.seq})` })
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), eq(messages.status, 'queued'), skipChats.length ? notInArray(messages.chatId, [...skipChats]) : undefined))
    .groupBy(messages.chatId);
  return db
    .select({ at: sql<number | null>`min(${messages.nextAttemptAt})` })
    .from(messages)
    .where(inArray(messages.seq, heads));
}

/** The rows of a phone a crash left in 'sending' (their send may or may not have gone out). */
export function interruptedSends(db: Db, phoneId: number): Promise<MessageRow[]> {
  return db.select().from(messages).where(and(eq(messages.phoneId, phoneId), eq(messages.status, 'sending'))).all();
}

/**
 * Settles an interrupted send as the engine knows it: `sent` (the network has it), `queued` (it
 * does not: send again) or `failed` (nobody can tell: reported, never sent twice). Only while `fence`
 * holds; false when another runner took the phone meanwhile.
 */
export async function settleInterrupted(db: Db, row: MessageRow, outcome: 'sent' | 'queued' | 'failed', now: number, fence: SQL, error: string): Promise<boolean> {
  const set = outcome === 'sent' ? { status: 'sent' as const, sentAt: now, updatedAt: now } : outcome === 'queued' ? { status: 'queued' as const, updatedAt: now } : { status: 'failed' as const, error, updatedAt: now };
  const res = await db.update(messages).set(set).where(and(eq(messages.seq, row.seq), fence));
  return res.rowsAffected > 0;
}

/** Which of `phoneIds` have messages due now, as a query for a batch (a runner's poll). */
export function phonesWithDueQuery(db: Db, phoneIds: number[], now: number) {
  return db
    .selectDistinct({ id: messages.phoneId })
    .from(messages)
    .where(and(inArray(messages.phoneId, phoneIds), eq(messages.status, 'queued'), lte(messages.nextAttemptAt, now)));
}
