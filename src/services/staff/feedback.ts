import { and, count, desc, eq, exists, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { footprints, phones, products, subscriptions, users } from '../../../db/schema';
import type { feedbackBody } from '../../shared/schemas/staff/users';
import type { ServiceCtx } from '../context';
import { emailContains } from './footprint';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A page of unsubscribe feedback, newest first (4-admin §2 "Feedback"): the `feedback` footprints
 * the cancel flow records (src/services/billing/changes.ts). Counts, reason totals and the page's
 * ids come from the (category, at) and (category, label, at) indexes alone (an e-mail filter is
 * tested on the feedback rows in range, not on every user); only the page's rows are joined to their
 * user, subscription and phone. The reason counts ignore the reason filter, so
 * every reason stays clickable.
 */
export async function listFeedback(ctx: ServiceCtx, q: z.infer<typeof feedbackBody>) {
  const email = emailContains(q.filter.email);
  const base = and(
    eq(footprints.category, 'feedback'),
    gte(footprints.at, Date.parse(q.filter.date)),
    email &&
      exists(
        ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, footprints.uid), email)),
      ),
  );
  const where = q.filter.reason ? and(base, eq(footprints.label, q.filter.reason)) : base;
  const pageIds = ctx.db
    .select({ id: footprints.id })
    .from(footprints)
    .where(where)
    .orderBy(desc(footprints.at), desc(footprints.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [rows, total, reasons] = await Promise.all([
    ctx.db
      .select({
        id: footprints.id,
        email: users.email,
        plan: subscriptions.planId,
        reason: footprints.label,
        extra: footprints.extra,
        at: footprints.at,
        // A number the cancel flow did not record: one of the user's phones.
        phone: sql<
          string | null
        >`(select ${phones.number} from ${phones} join ${products} on ${products.id} = ${phones.pid} where ${products.uid} = ${footprints.uid} and ${phones.number} is not null order by ${phones.id} desc limit 1)`,
      })
      .from(footprints)
      .innerJoin(users, eq(users.id, footprints.uid))
      .leftJoin(subscriptions, eq(subscriptions.id, sql`json_extract(${footprints.extra}, '$.subscription_id')`))
      .where(inArray(footprints.id, pageIds))
      .orderBy(desc(footprints.at), desc(footprints.id))
      .all(),
    ctx.db.select({ n: count() }).from(footprints).where(where).get(),
    ctx.db
      .select({ reason: footprints.label, count: count() })
      .from(footprints)
      .where(base)
      .groupBy(footprints.label)
      .orderBy(desc(count()), footprints.label)
      .all(),
  ]);
  return {
    footprints: rows.map((r) => ({
      id: r.id,
      email: r.email,
      subscription: r.plan ?? (str(r.extra.package) || null),
      reason: r.reason,
      answer: str(r.extra.feedback_text) || str(r.extra.text),
      date: new Date(r.at).toISOString(),
      phone_number: str(r.extra.feedback_phone_number) || r.phone,
    })),
    general: { total: total?.n ?? 0, reasons },
  };
}
