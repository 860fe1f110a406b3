import { and, count, countDistinct, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messages, phones } from '../../../db/schema';

/** How a phone has used its number (the safety card and the block-risk score): counts and first times of its outgoing messages. */
export async function outgoingStats(db: Db, phoneId: number) {
  const out = and(eq(messages.phoneId, phoneId), eq(messages.direction, 'out'), sql`${messages.status} != 'purged'`);
  const toUsers = and(out, sql`${messages.chatId} like '%@c.us'`);
  const toGroups = and(out, sql`${messages.chatId} like '%@g.us'`);
  const [userMsgs, uniqueUsers, groupMsgs, firstGroup, firstMsg, firstUser] = await Promise.all([
    db.select({ n: count() }).from(messages).where(toUsers).get(),
    db
      .select({ n: countDistinct(messages.chatId) })
      .from(messages)
      .where(toUsers)
      .get(),
    db.select({ n: count() }).from(messages).where(toGroups).get(),
    db
      .select({ t: min(messages.createdAt) })
      .from(messages)
      .where(toGroups)
      .get(),
    db
      .select({ t: min(messages.createdAt) })
      .from(messages)
      .where(eq(messages.phoneId, phoneId))
      .get(),
    db
      .select({ t: min(messages.createdAt) })
      .from(messages)
      .where(toUsers)
      .get(),
  ]);
  return {
    toUsers: userMsgs?.n ?? 0,
    toUniqueUsers: uniqueUsers?.n ?? 0,
    toGroups: groupMsgs?.n ?? 0,
    firstToGroup: firstGroup?.t ?? null,
    first: firstMsg?.t ?? null,
    firstToUser: firstUser?.t ?? null,
  };
}

/** How many people (not groups) ever wrote to a phone. */
export async function answeringChats(db: Db, phoneId: number): Promise<number> {
  const row = await db
    .select({ n: countDistinct(messages.chatId) })
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), eq(messages.direction, 'in'), sql`${messages.chatId} like '%@c.us'`))
    .get();
  return row?.n ?? 0;
}

/** True once one of the product's own (non-sandbox) phones has sent a message. */
export async function sentFromOwnPhone(db: Db, pid: string): Promise<boolean> {
  const row = await db
    .select({ seq: messages.seq })
    .from(messages)
    .innerJoin(phones, eq(phones.id, messages.phoneId))
    .where(
      and(eq(messages.pid, pid), eq(messages.direction, 'out'), eq(messages.status, 'sent'), eq(phones.sandbox, false)),
    )
    .limit(1)
    .get();
  return row !== undefined;
}

/** The latest message time of a phone's chats with `jids`, each way. */
export function lastByChatAndDirection(db: Db, phoneId: number, jids: string[]) {
  return db
    .select({ chatId: messages.chatId, direction: messages.direction, at: max(messages.createdAt) })
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), inArray(messages.chatId, jids)))
    .groupBy(messages.chatId, messages.direction)
    .all();
}

/**
 * Queue depth and the oldest queued message over all phones, as a query for a batch. Phones first
 * (CROSS JOIN keeps that order), so the count uses the (phone_id, status, seq) index instead of
 * scanning every message.
 */
export function queueDepthQuery(db: Db) {
  return db.all<{ n: number; oldest: number | null }>(
    sql`select count(*) as n, min(m.created_at) as oldest from phones p cross join messages m where m.phone_id = p.id and m.status = 'queued'`,
  );
}
