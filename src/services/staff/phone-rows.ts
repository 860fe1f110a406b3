import { and, count, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { phones, products, subscriptions, users } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { effectiveStatus } from '../phones/phones';

/**
 * The phones of every product as the back-office lists them: one query with the owner's e-mail, the
 * product's package and its newest subscription's status, filtered and paged in SQL.
 */

/** The product's package (`settings.subscription_package`), null for a free product. */
export const packageCol = sql<string | null>`json_extract(${products.settings}, '$.subscription_package')`;

const subscriptionCol = sql<
  string | null
>`(select ${subscriptions.status} from ${subscriptions} where ${subscriptions.pid} = ${phones.pid} order by ${subscriptions.createdAt} desc limit 1)`;

/** `col` contains `term` (LIKE with its wildcards escaped). */
export function contains(col: SQLWrapper, term: string): SQL {
  return sql`${col} like ${`%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`} escape '\\'`;
}

/** A search over phone id, product id, number, name and owner e-mail. */
export function phoneSearch(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const likes = [phones.number, phones.pid, phones.name, users.email].map((c) => contains(c, term));
  return /^\d{1,12}$/.test(term) ? or(eq(phones.id, Number(term)), ...likes) : or(...likes);
}

const columns = {
  phone: phones,
  email: users.email,
  uid: products.uid,
  package: packageCol,
  trial: products.trial,
  subscription: subscriptionCol,
};

/** A page of phones matching `where`, newest first, with the total. */
export async function pagePhones(ctx: ServiceCtx, where: SQL | undefined, q: { page: number; limit: number }) {
  const base = () =>
    ctx.db
      .select(columns)
      .from(phones)
      .innerJoin(products, eq(products.id, phones.pid))
      .innerJoin(users, eq(users.id, products.uid));
  const [rows, total] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(phones.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    ctx.db
      .select({ n: count() })
      .from(phones)
      .innerJoin(products, eq(products.id, phones.pid))
      .innerJoin(users, eq(users.id, products.uid))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

type Row = Awaited<ReturnType<typeof pagePhones>>['rows'][number];

/** A phone as staff see it (the StaffPhone schema). */
export function staffPhoneView(r: Row) {
  const p = r.phone;
  return {
    id: p.id,
    pid: p.pid,
    uid: r.uid,
    email: r.email,
    type: p.type,
    engine: p.engine,
    name: p.name,
    number: p.number,
    status: effectiveStatus(p),
    message: p.state?.message ?? '',
    active: p.enabled,
    sandbox: p.sandbox,
    webhook: p.webhook,
    package: r.package,
    trial: r.trial,
    subscription: r.subscription,
    updated_at: new Date(p.updatedAt).toISOString(),
  };
}

/** Conditions joined with AND, leaving out the absent ones. */
export const all = (...conds: (SQL | undefined | false | '')[]) => and(...conds.filter((c): c is SQL => Boolean(c)));
