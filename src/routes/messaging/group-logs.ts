import { and, count, desc, eq, inArray, like, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { groupEvents, phones } from '../../../db/schema';
import type { AppEnv } from '../../env';
import { validate } from '../../errors';
import { answer } from './answer';

export const GROUP_SUBTYPES = ['add', 'demote', 'invite', 'leave', 'name', 'promote', 'remove'] as const;

const query = z.object({
  phone_id: z.coerce.number().int().positive().optional(),
  subtype: z.enum(GROUP_SUBTYPES).optional(),
  search: z.string().trim().max(100).optional(),
  /** Only events about the numbers of this product's active phones. */
  connected: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/**
 * `GET /api/{productId}/groupActionLogs`: group membership events of the product's phones, newest
 * first, in the log shape the group action logs page reads (phone, created_at, data.body ...).
 */
export const groupLogRoutes = new Hono<AppEnv>().get('/groupActionLogs', async (c) => {
  const q = validate(query, c.req.query());
  const s = q.search ? `%${q.search.replace(/[%_]/g, '')}%` : null;
  const mine =
    q.connected === 'true'
      ? (await c.get('ctx').db.select({ n: phones.number }).from(phones).where(and(eq(phones.pid, c.get('product').id), eq(phones.status, 'active'))).all())
          .filter((p) => p.n)
          .map((p) => `${p.n}@c.us`)
      : null;
  const where = and(
    eq(groupEvents.pid, c.get('product').id),
    ...(q.phone_id ? [eq(groupEvents.phoneId, q.phone_id)] : []),
    ...(q.subtype ? [eq(groupEvents.subtype, q.subtype)] : []),
    ...(mine ? [inArray(groupEvents.participant, mine.length ? mine : [''])] : []),
    ...(s ? [or(like(groupEvents.groupName, s), like(groupEvents.participant, s), like(groupEvents.groupId, s), like(phones.number, s), like(groupEvents.phoneId, s))] : []),
  );
  const base = c.get('ctx').db.select({ n: count() }).from(groupEvents).leftJoin(phones, eq(phones.id, groupEvents.phoneId)).where(where);
  const total = (await base.get())?.n ?? 0;
  const rows = await c.get('ctx').db
    .select({ e: groupEvents, number: phones.number })
    .from(groupEvents)
    .leftJoin(phones, eq(phones.id, groupEvents.phoneId))
    .where(where)
    .orderBy(desc(groupEvents.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .all();
  return answer(c, {
    success: true,
    total,
    page: q.page,
    limit: q.limit,
    data: rows.map(({ e, number }) => ({
      id: e.id,
      phone: String(e.phoneId),
      created_at: new Date(e.createdAt).toISOString(),
      data: {
        body: {
          receiver: number ?? '',
          conversation: e.groupId,
          conversation_name: e.groupName,
          message: { type: 'info', participant: e.participant, subtype: `group/${e.subtype}` },
          ...(e.by ? { by: e.by } : {}),
        },
      },
    })),
  });
});
