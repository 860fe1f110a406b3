import { and, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ResultSet } from '@libsql/client';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { messages, type MessageRow } from '../../../db/schema';
import { groupCommit, rowMatches, type Condition } from '../group-commit';
import type { Consequences } from '../events/consequence';
import { budgetLeftSql, protectedSql, protectionNow, unopened } from './protection-budget';
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

/**
 * `next_attempt_at` of a row claimed but not yet handed to the engine (a sender that claims ahead of
 * its sends: official numbers): it cannot have gone, so a restart queues it again without asking the
 * engine. `handOffQuery` replaces it with the time the engine call starts. While a row is 'sending' the
 * column is otherwise unread (it says when a queued row may be claimed), and a queued row never keeps it.
 */
const NOT_HANDED = -1;

/** Whether an interrupted 'sending' row may have reached the engine (rows of older versions: yes). */
export const handedOff = (row: MessageRow): boolean => row.nextAttemptAt !== NOT_HANDED;

/**
 * A claimed row handed to the engine: written (under the lease) as its engine call starts, so a crash
 * leaves uncertain only the sends in flight. Takes effect once; 0 rows: the lease or the row is gone.
 */
export function handOffQuery(db: Db, seq: number, now: number, holds: SQL) {
  return db
    .update(messages)
    .set({ nextAttemptAt: now })
    .where(and(eq(messages.seq, seq), eq(messages.status, 'sending'), eq(messages.nextAttemptAt, NOT_HANDED), holds));
}

/** What an outcome's row write requires: the row still 'sending', under the lease (`holds`). */
const sendingRow = (seq: number, holds: SQL) => and(eq(messages.seq, seq), eq(messages.status, 'sending'), holds);

/**
 * Holds while an outcome's row write is still to take effect (checked before it, in the same
 * transaction): the condition of its consequences (a failure's log row and webhooks).
 */
export function outcomeTakes(o: Outcome, holds: SQL): Condition {
  return rowMatches(messages, sendingRow(o.row.seq, holds));
}

/** The writes of one outcome, every one fenced by the lease (`holds`). */
export function outcomeQueries(db: Db, phoneId: number, o: Outcome, holds: SQL): Query[] {
  const mine = sendingRow(o.row.seq, holds);
  switch (o.kind) {
    case 'sent':
      return [
        db
          .update(messages)
          .set({ status: 'sent', chatId: o.chatId, sentAt: o.at, updatedAt: o.at, error: null })
          .where(mine),
        sentOnChatQuery(db, phoneId, o.chatId, o.row.body, o.at, holds),
      ];
    case 'retry':
      return [
        db
          .update(messages)
          .set({ status: 'queued', nextAttemptAt: o.nextAttemptAt, error: o.error, updatedAt: o.at, openedAt: null })
          .where(mine),
      ];
    case 'failed':
      return [
        db.update(messages).set({ status: 'failed', error: o.error, updatedAt: o.at, openedAt: null }).where(mine),
      ];
    case 'release':
      return [
        db
          .update(messages)
          .set({
            status: 'queued',
            attempts: sql`${messages.attempts} - 1`,
            nextAttemptAt: sql`max(${messages.nextAttemptAt}, 0)`,
            updatedAt: o.at,
            openedAt: null,
          })
          .where(mine),
      ];
  }
}

/**
 * Claims up to `max` messages that may go now, oldest first, in one statement: queued, due, and not
 * behind an earlier message of their chat that waits for a retry (a chat's order holds). Their
 * attempts count up; the statement answers the claimed rows.
 *
 * Ban protection (issue 26): on a phone with an enabled `phone_protection` row, a row that would open
 * a chat (see `unopened`) is claimed only within the budgets left (new chats today, unanswered chats
 * of the last 30 days), counted in this same statement; the others stay queued ("held") and are
 * looked at again by the next claim. The claim marks an opener with `opened_at`. Phones without
 * protection take the first arm only: the statement and its plan are what they were.
 *
 * `handOff`: 'claim' when the claimed rows go to the engine straight away, one after the other (the
 * claim is their hand-off); 'send' when they wait for their slot first: they are marked `NOT_HANDED`
 * until `handOffQuery`, so a crash in between queues them again.
 */
export function claimQuery(
  db: Db,
  phoneId: number,
  now: number,
  max: number,
  holds: SQL,
  skipChats: readonly string[] = [],
  sandboxClock = false,
  handOff: 'claim' | 'send' = 'claim',
) {
  // Protection's own time (its day and its 30 days) follows the sandbox clock where there is one.
  const t = protectionNow(now, sandboxClock);
  const skip = skipChats.length
    ? sql`and m.chat_id not in (${sql.join(
        skipChats.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql``;
  const base = sql`m.phone_id = ${phoneId} and m.status = 'queued' and m.next_attempt_at <= ${now} ${skip}
    and not exists (select 1 from messages w indexed by messages_queue_idx where w.phone_id = ${phoneId} and w.status = 'queued' and w.seq < m.seq and w.chat_id = m.chat_id and w.next_attempt_at > ${now})`;
  const guarded = protectedSql(phoneId);
  const open = unopened(phoneId, sql`m.chat_id`);
  const due = sql`select seq from (select m.seq from messages m where not ${guarded} and ${base} order by m.seq limit ${max})
    union all
    select seq from (
      select seq, opener, sum(opener) over (order by seq rows unbounded preceding) as k from (
        select m.seq as seq, case when ${open} then 1 else 0 end as opener from messages m
        where ${guarded} and ${base}
          -- an unopened chat opens with its first queued row: the later ones wait behind it
          and not (${open} and exists (select 1 from messages e indexed by messages_queue_idx where e.phone_id = ${phoneId} and e.status = 'queued' and e.seq < m.seq and e.chat_id = m.chat_id))
      )
    ) where opener = 0 or k <= ${budgetLeftSql(phoneId, t)}
    order by seq limit ${max}`;
  return db
    .update(messages)
    .set({
      status: 'sending',
      attempts: sql`${messages.attempts} + 1`,
      updatedAt: now,
      ...(handOff === 'send' ? { nextAttemptAt: NOT_HANDED } : {}),
      openedAt: sql`case when ${protectedSql(phoneId)} and ${unopened(phoneId, sql`${messages.chatId}`)} then ${t} else null end`,
    })
    .where(and(sql`${messages.seq} in (${due})`, eq(messages.status, 'queued'), holds))
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
    .where(
      and(
        eq(messages.phoneId, phoneId),
        eq(messages.status, 'queued'),
        skipChats.length ? notInArray(messages.chatId, [...skipChats]) : undefined,
      ),
    )
    .groupBy(messages.chatId);
  return db
    .select({ at: sql<number | null>`min(${messages.nextAttemptAt})` })
    .from(messages)
    .where(inArray(messages.seq, heads));
}

/** The rows of a phone a crash left in 'sending' (their send may or may not have gone out). */
export function interruptedSends(db: Db, phoneId: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), eq(messages.status, 'sending')))
    .all();
}

/**
 * Settles an interrupted send as the engine knows it: `sent` (the network has it), `queued` (it
 * does not, or it never reached the engine (`handedOff`): send again; a row never handed gets its
 * attempt back) or `failed` (nobody can tell: reported, never sent twice). Only while `fence`
 * holds; false when another runner took the phone meanwhile. `consequences` are what it means
 * besides its row (services/events/sent.ts, failed.ts: a failure's log row and webhooks), given the
 * condition their statements must carry; their follow-up runs once they committed.
 */
export async function settleInterrupted(
  db: Db,
  row: MessageRow,
  outcome: 'sent' | 'queued' | 'failed',
  now: number,
  fence: SQL,
  error: string,
  consequences?: (onlyIf: Condition) => Promise<Consequences>,
): Promise<boolean> {
  const set =
    outcome === 'sent'
      ? { status: 'sent' as const, sentAt: now, updatedAt: now }
      : outcome === 'queued'
        ? {
            status: 'queued' as const,
            updatedAt: now,
            openedAt: null,
            nextAttemptAt: sql`max(${messages.nextAttemptAt}, 0)`,
            ...(handedOff(row) ? {} : { attempts: sql`max(${messages.attempts} - 1, 0)` }),
          }
        : { status: 'failed' as const, error, updatedAt: now, openedAt: null };
  const mine = and(eq(messages.seq, row.seq), fence);
  const update = db.update(messages).set(set).where(mine);
  if (!consequences) return (await update).rowsAffected > 0;
  // Its consequences (a failure's log row and webhooks) commit with the row's write, or neither.
  const work = await consequences(rowMatches(messages, mine));
  const results = await groupCommit(db).run([...work.stmts, update]);
  if (!((results.at(-1) as ResultSet).rowsAffected > 0)) return false;
  await work.committed?.(results.slice(0, -1) as ResultSet[]);
  return true;
}

/** Which of `phoneIds` have messages due now, as a query for a batch (a runner's poll). */
export function phonesWithDueQuery(db: Db, phoneIds: number[], now: number) {
  return db
    .selectDistinct({ id: messages.phoneId })
    .from(messages)
    .where(and(inArray(messages.phoneId, phoneIds), eq(messages.status, 'queued'), lte(messages.nextAttemptAt, now)));
}
