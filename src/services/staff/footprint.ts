import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { agents, phones, products, subscriptions, users } from '../../../db/schema';
import type { footprintBody } from '../../shared/schemas/staff/users';
import type { ServiceCtx } from '../context';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** `users.email` contains `text` (LIKE with its wildcards escaped), or no condition for an empty text. */
export function emailContains(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return sql`${users.email} like ${`%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`;
}

/**
 * A page of the footprint table, newest users first (4-admin §2 "Footprint"). The page's ids come
 * from the primary key alone (with the e-mail filter if any); only those 50 users are then joined to
 * their product, trial start, phones and agents through their indexes, so a page costs about the
 * same at 100,000 users as at 100.
 */
export async function listFootprint(ctx: ServiceCtx, q: z.infer<typeof footprintBody>) {
  const where = emailContains(q.filter.email);
  // One pass over the users gives the page's ids and, with a filter, how many match (a window count;
  // without one the primary key pages alone and the total is the table's count).
  const page = await ctx.db
    .select({ id: users.id, matching: where ? sql<number>`count(*) over ()` : sql<number>`0` })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .all();
  const ids = page.map((p) => p.id);
  const [rows, all, past] = await Promise.all([
    ids.length
      ? ctx.db
          .select({
            uid: users.id,
            email: users.email,
            subscription: sql<string | null>`json_extract(${products.settings}, '$.subscription_package')`,
            registered: users.createdAt,
            lastLogin: users.lastLoginAt,
            trialStart: sql<
              number | null
            >`(select min(${subscriptions.periodStart}) from ${subscriptions} where ${subscriptions.pid} = ${products.id} and ${subscriptions.trialType} is not null)`,
            phones: sql<number>`(select count(*) from ${phones} where ${phones.pid} = ${products.id})`,
            agents: sql<number>`(select count(*) from ${agents} where ${agents.pid} = ${products.id})`,
          })
          .from(users)
          .leftJoin(products, eq(products.uid, users.id))
          .where(inArray(users.id, ids))
          .orderBy(desc(users.id))
          .all()
      : [],
    ctx.db.select({ n: count() }).from(users).get(),
    // A page past the last match carries no window count: count on its own.
    where && !ids.length ? ctx.db.select({ n: count() }).from(users).where(where).get() : undefined,
  ]);
  const everyone = all?.n ?? 0;
  const total = !where ? everyone : (page[0]?.matching ?? past?.n ?? 0);
  return {
    result: rows.map((r) => ({
      uid: r.uid,
      email: r.email,
      subscription: r.subscription,
      register_date: iso(r.registered)!,
      last_login: iso(r.lastLogin),
      trial_start: iso(r.trialStart),
      phones: Number(r.phones),
      agents: Number(r.agents),
    })),
    general: { total: Number(total), users: everyone },
  };
}
