import { and, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ResultSet } from '@libsql/client';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { messages, type MessageRow } from '../../../db/schema';
import { groupCommit, rowMatches, type Condition } from '../group-commit';
import type { Consequences } from '../events/consequence';
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

export const DAY_MS = 86_400_000;
/** How far back unanswered chats count. */
const UNANSWERED_WINDOW_MS = 30 * DAY_MS;

/** The phone has ban protection on (a constant of the statement: evaluated once). */
function protectedSql(phoneId: number): SQL {
  return sql`exists (select 1 from phone_protection p where p.phone_id = ${phoneId} and p.enabled = 1)`;
}

/** A chat that never wrote to the phone and was sent nothing yet (failed sends do not open it). */
function unopened(phoneId: number, chat: SQL): SQL {
  // Messages the owner typed on the phone itself are stored incoming with a `true_` id: they are not the
  // number writing to this phone, so a chat opened by hand still costs a slot when the queue first writes to it.
  return sql`(not exists (select 1 from messages i where i.phone_id = ${phoneId} and i.chat_id = ${chat} and ((i.direction = 'in' and substr(i.id, 1, 5) <> 'true_') or i.status in ('sending', 'sent'))))`;
}

/**
 * Ban protection's time as a statement constant: `now`, moved ahead by the sandbox clock where that
 * clock exists (`config.sandboxClock`: sandbox billing outside production), so that advancing it a day
 * gives a number its next day's budget. An integer: the day arithmetic below divides it.
 */
function protectionNow(now: number, sandboxClock: boolean): SQL {
  const wall = sql.raw(String(Math.floor(now)));
  return sandboxClock ? sql`(${wall} + coalesce((select s.offset_ms from sandbox_clock s where s.id = 1), 0))` : wall;
}

/** `protectionNow` of a service context. */
export function protectionNowOf(ctx: { now(): number; config: { sandboxClock: boolean } }): SQL {
  return protectionNow(ctx.now(), ctx.config.sandboxClock);
}

const DAY = sql.raw(String(DAY_MS));

/** The day's new-chat limit: the ramp from the number's first 'active' (none logged: the top). */
function dayLimitSql(phoneId: number, t: SQL): SQL {
  // Integer arithmetic: the constants are written into the statement (bound numbers may be REAL).
  const linkedDay = sql`coalesce((select min(l.at) from phone_status_log l where l.phone_id = ${phoneId} and l.status = 'active') / ${DAY}, ${t} / ${DAY} - 100000)`;
  return sql`(select min(p.ramp_max, p.ramp_start + p.ramp_step * (${t} / ${DAY} - ${linkedDay})) from phone_protection p where p.phone_id = ${phoneId})`;
}

/** Chats opened today (UTC day): an index-only count over `messages_opened_idx`. */
function newTodaySql(phoneId: number, t: SQL): SQL {
  return sql`(select count(*) from messages o where o.phone_id = ${phoneId} and o.opened_at >= (${t} / ${DAY}) * ${DAY} and o.opened_at is not null)`;
}

/** Chats opened in the last 30 days that never answered: an index-only count over `messages_unanswered_idx`. */
function unansweredSql(phoneId: number, t: SQL): SQL {
  return sql`(select count(*) from messages o where o.phone_id = ${phoneId} and o.opened_at >= ${t} - ${sql.raw(String(UNANSWERED_WINDOW_MS))} and o.opened_at is not null and o.answered_at is null)`;
}

/** How many more chats the phone may open now: the smaller of its two budgets' rest. */
function budgetLeftSql(phoneId: number, t: SQL): SQL {
  return sql`min(${dayLimitSql(phoneId, t)} - ${newTodaySql(phoneId, t)}, (select p.unanswered_limit from phone_protection p where p.phone_id = ${phoneId}) - ${unansweredSql(phoneId, t)})`;
}

/** The budgets' figures of a phone, as one query (the protection endpoint, the safety card, the events). */
export function budgetFiguresQuery(db: Db, phoneId: number, t: SQL) {
  return db.get<{ new_today: number; day_limit: number | null; unanswered: number }>(
    sql`select ${newTodaySql(phoneId, t)} as new_today, ${dayLimitSql(phoneId, t)} as day_limit, ${unansweredSql(phoneId, t)} as unanswered`,
  );
}

/** The phone holds its unopened chats now: protection is on and a budget is spent. */
function holdingSql(phoneId: number, t: SQL): SQL {
  return sql`(${protectedSql(phoneId)} and ${budgetLeftSql(phoneId, t)} <= 0)`;
}

/** Whether a chat's queued messages are held: the phone holds and the chat is unopened. */
export async function chatHeld(db: Db, phoneId: number, chatId: string, t: SQL): Promise<boolean> {
  const row = await db.get<{ h: number }>(
    sql`select ${holdingSql(phoneId, t)} and ${unopened(phoneId, sql`${chatId}`)} as h`,
  );
  return Boolean(row?.h);
}

/**
 * A campaign's recipients ban protection holds now: on each of its phones that holds (protection on,
 * a budget spent), the recipients not yet in the send queue and those whose queued message is to a
 * chat not opened yet (the claim holds exactly those). An integer expression.
 */
export function campaignHeldSql(campaignId: string, phoneIds: readonly number[], t: SQL): SQL {
  const per = phoneIds.map(
    (p) =>
      sql`(case when ${holdingSql(p, t)} then (select count(*) from campaign_recipients r left join messages m on m.id = r.msg_id where r.campaign_id = ${campaignId} and r.phone_id = ${p} and (r.status = 'pending' or (r.status = 'queued' and m.status = 'queued' and ${unopened(p, sql`m.chat_id`)}))) else 0 end)`,
  );
  return per.length ? sql.join(per, sql` + `) : sql`0`;
}

/** Queued rows the claim holds back for a budget: rows of unopened chats (protected phones only). */
export async function heldCount(db: Db, phoneId: number, t: SQL): Promise<number> {
  const row = await db.get<{
    n: number;
  }>(sql`select case when ${holdingSql(phoneId, t)} then
    (select count(*) from messages m where m.phone_id = ${phoneId} and m.status = 'queued' and ${unopened(phoneId, sql`m.chat_id`)}) else 0 end as n`);
  return row?.n ?? 0;
}

/**
 * The chats whose queued messages are held now (none unless the phone holds), each with its latest
 * held message: what getConversations lists for a chat no message reached yet.
 */
export function heldChats(db: Db, phoneId: number, t: SQL) {
  return db.all<{
    chat_id: string;
    body: string;
    created_at: number;
  }>(sql`select q.chat_id as chat_id, q.body as body, q.created_at as created_at
    from messages q where q.seq in (
      select max(m.seq) from messages m where m.phone_id = ${phoneId} and m.status = 'queued' and ${unopened(phoneId, sql`m.chat_id`)}
      group by m.chat_id
    ) and ${holdingSql(phoneId, t)}
    order by q.seq desc limit 1000`);
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

export type ProtectionBudget = 'new_chats' | 'unanswered';
export interface Refusal {
  budget: ProtectionBudget;
  used: number;
  limit: number;
  /** When the budget frees (ms): the next UTC day; for unanswered, when the oldest one leaves the 30 days (or an answer comes). */
  freesAt: number;
}

/**
 * The refuse mode's check at accept, one read: whether a message to `chatId` would open a chat past
 * a budget of the phone's protection. Null when it may be queued. Chats accepted and still queued
 * count as opened (each will open when claimed), so a burst faster than the sender is refused at the
 * budget too; another message to a chat already queued opens nothing more.
 */
export async function protectionRefusal(db: Db, phoneId: number, chatId: string, t: SQL): Promise<Refusal | null> {
  const queuedChat = (chat: SQL) =>
    sql`exists (select 1 from messages c indexed by messages_chat_idx where c.phone_id = ${phoneId} and c.chat_id = ${chat} and c.status = 'queued')`;
  const row = await db.get<{
    opens: number;
    day_limit: number | null;
    new_today: number;
    unanswered_limit: number | null;
    unanswered: number;
    pending: number;
    oldest: number | null;
    now: number;
  }>(sql`select
    ${unopened(phoneId, sql`${chatId}`)} and not ${queuedChat(sql`${chatId}`)} as opens,
    ${dayLimitSql(phoneId, t)} as day_limit, ${newTodaySql(phoneId, t)} as new_today,
    (select p.unanswered_limit from phone_protection p where p.phone_id = ${phoneId} and p.enabled = 1) as unanswered_limit,
    ${unansweredSql(phoneId, t)} as unanswered,
    (select count(distinct q.chat_id) from messages q indexed by messages_queue_idx where q.phone_id = ${phoneId} and q.status = 'queued' and ${unopened(phoneId, sql`q.chat_id`)}) as pending,
    (select min(o.opened_at) from messages o where o.phone_id = ${phoneId} and o.opened_at >= ${t} - ${sql.raw(String(UNANSWERED_WINDOW_MS))} and o.opened_at is not null and o.answered_at is null) as oldest,
    ${t} as now`);
  if (!row?.opens || row.unanswered_limit === null || row.day_limit === null) return null;
  const now = Number(row.now);
  if (row.new_today + row.pending >= row.day_limit)
    return {
      budget: 'new_chats',
      used: row.new_today + row.pending,
      limit: row.day_limit,
      freesAt: (Math.floor(now / DAY_MS) + 1) * DAY_MS,
    };
  if (row.unanswered + row.pending >= row.unanswered_limit)
    return {
      budget: 'unanswered',
      used: row.unanswered + row.pending,
      limit: row.unanswered_limit,
      freesAt: (row.oldest ?? now) + UNANSWERED_WINDOW_MS,
    };
  return null;
}
