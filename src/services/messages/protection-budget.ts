import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * Ban protection's budgets as SQL over the send queue: how many new chats a phone may open today and
 * while chats stay unanswered, what the claim holds back, and the refuse mode's check at accept.
 */
export const DAY_MS = 86_400_000;
/** How far back unanswered chats count. */
const UNANSWERED_WINDOW_MS = 30 * DAY_MS;

/** The phone has ban protection on (a constant of the statement: evaluated once). */
export function protectedSql(phoneId: number): SQL {
  return sql`exists (select 1 from phone_protection p where p.phone_id = ${phoneId} and p.enabled = 1)`;
}

/** A chat that never wrote to the phone and was sent nothing yet (failed sends do not open it). */
export function unopened(phoneId: number, chat: SQL): SQL {
  // Messages the owner typed on the phone itself are stored incoming with a `true_` id: they are not the
  // number writing to this phone, so a chat opened by hand still costs a slot when the queue first writes to it.
  return sql`(not exists (select 1 from messages i where i.phone_id = ${phoneId} and i.chat_id = ${chat} and ((i.direction = 'in' and substr(i.id, 1, 5) <> 'true_') or i.status in ('sending', 'sent'))))`;
}

/**
 * Ban protection's time as a statement constant: `now`, moved ahead by the sandbox clock where that
 * clock exists (`config.sandboxClock`: sandbox billing outside production), so that advancing it a day
 * gives a number its next day's budget. An integer: the day arithmetic below divides it.
 */
export function protectionNow(now: number, sandboxClock: boolean): SQL {
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
export function budgetLeftSql(phoneId: number, t: SQL): SQL {
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
