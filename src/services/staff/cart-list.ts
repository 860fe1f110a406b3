import { and, count, desc, eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import {
  cartRecovery,
  cartRecoverySends,
  footprints,
  mailOutbox,
  users,
  type CartRecoveryRow,
} from '../../../db/schema';
import { ApiError } from '../../errors';
import {
  CART_FALLBACK_PRICE,
  CART_MSG,
  CART_TEMPLATES,
  cartEventLabel,
  cartTemplateLabel,
} from '../../shared/cart-recovery';
import type { AbandonedCartInput } from '../../shared/schemas/staff/cart';
import type { ServiceCtx } from '../context';
import { firstUnsent } from './cart-send';
import { syncCarts } from './cart-sync';

const iso = (ms: number) => new Date(ms).toISOString();
const units = (cents: number) => Math.round(cents) / 100;
const DAY_MS = 86_400_000;

/** The dashboard's filter as SQL; a date-only `dateTo` takes in the whole day. */
function whereOf(f: AbandonedCartInput['filter']): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    f.email ? like(cartRecovery.email, `%${f.email.toLowerCase().replace(/[%_]/g, '')}%`) : undefined,
    f.dateFrom ? gte(cartRecovery.lastAbandonAt, Date.parse(f.dateFrom)) : undefined,
    f.dateTo
      ? lte(cartRecovery.lastAbandonAt, Date.parse(f.dateTo) + (f.dateTo.length === 10 ? DAY_MS - 1 : 0))
      : undefined,
    f.riskLevel ? eq(cartRecovery.riskLevel, f.riskLevel) : undefined,
    f.minFailures ? gte(cartRecovery.paymentFailures, f.minFailures) : undefined,
    f.uid ? eq(cartRecovery.uid, f.uid) : undefined,
  ];
  return and(...parts);
}

/** One dashboard row (4-admin §3 "Abandoned cart record"). */
function recordOf(r: CartRecoveryRow, sent: { template: string; at: number }[]) {
  const open = r.status !== 'recovered';
  return {
    uid: r.uid,
    email: r.email,
    payment_failures: r.paymentFailures,
    checkout_closes: r.checkoutCloses,
    checkout_success: r.checkoutSuccess,
    risk_level: r.riskLevel,
    status: r.status,
    last_attempt_date: iso(r.lastAbandonAt),
    last_attempt_price: units(r.price),
    last_attempt_currency: r.currency,
    abandoned_at: iso(r.anchorAt),
    label: cartEventLabel(r.lastLabel),
    extra: r.extra,
    user_extra: { notes: r.note },
    sent_emails: sent.map((s) => ({ date: iso(s.at), extra: { template_type: s.template } })),
    recovery_emails_sent: sent.length,
    potential_value: open ? units(r.price) : 0,
    recovered_value: units(r.recoveredAmount),
    unsubscribed: r.unsubscribedAt !== null,
  };
}

/**
 * A page of the abandoned-cart dashboard, newest failure first, with the summary figures over the
 * filtered carts: open carts, high-risk ones, the value of the open ones (all, and "real": those where
 * a card was tried and who still take our e-mails), users of the last 24 hours and revenue recovered.
 */
export async function listAbandonedCarts(ctx: ServiceCtx, input: AbandonedCartInput) {
  await syncCarts(ctx);
  const where = whereOf(input.filter);
  const open = sql`${cartRecovery.status} <> 'recovered'`;
  const [rows, sums] = await Promise.all([
    ctx.db
      .select()
      .from(cartRecovery)
      .where(where)
      .orderBy(desc(cartRecovery.lastAbandonAt), desc(cartRecovery.uid))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .all(),
    ctx.db
      .select({
        total: count(),
        open: sql<number>`coalesce(sum(case when ${open} then 1 else 0 end), 0)`,
        high: sql<number>`coalesce(sum(case when ${cartRecovery.status} = 'high_risk' then 1 else 0 end), 0)`,
        potential: sql<number>`coalesce(sum(case when ${open} then ${cartRecovery.price} else 0 end), 0)`,
        real: sql<number>`coalesce(sum(case when ${open} and ${cartRecovery.paymentFailures} > 0 and ${cartRecovery.unsubscribedAt} is null then ${cartRecovery.price} else 0 end), 0)`,
        recent: sql<number>`coalesce(sum(case when ${cartRecovery.lastAbandonAt} >= ${ctx.now() - DAY_MS} then 1 else 0 end), 0)`,
        recovered: sql<number>`coalesce(sum(case when ${open} then 0 else 1 end), 0)`,
        revenue: sql<number>`coalesce(sum(case when ${open} then 0 else ${cartRecovery.recoveredAmount} end), 0)`,
      })
      .from(cartRecovery)
      .where(where)
      .get(),
  ]);
  const uids = rows.map((r) => r.uid);
  const sends = uids.length
    ? await ctx.db
        .select({ uid: cartRecoverySends.uid, template: cartRecoverySends.template, at: cartRecoverySends.at })
        .from(cartRecoverySends)
        .where(inArray(cartRecoverySends.uid, uids))
        .orderBy(desc(cartRecoverySends.at))
        .all()
    : [];
  const total = sums?.total ?? 0;
  return {
    result: rows.map((r) =>
      recordOf(
        r,
        sends.filter((s) => s.uid === r.uid),
      ),
    ),
    general: {
      total_abandoned: Number(sums?.open ?? 0),
      high_risk: Number(sums?.high ?? 0),
      real_potential_revenue: units(Number(sums?.real ?? 0)),
      potential_revenue: units(Number(sums?.potential ?? 0)),
      users_last_24h: Number(sums?.recent ?? 0),
      revenue_recovered: units(Number(sums?.revenue ?? 0)),
      recovered: Number(sums?.recovered ?? 0),
    },
    pagination: { total, hasMore: input.page * input.limit < total, page: input.page, limit: input.limit },
  };
}

/** Outbox states as the history shows them: the local mailbox counts as sent. */
const MAIL_STATUS: Record<string, string> = { pending: 'queued', local: 'sent', sent: 'sent', failed: 'failed' };

/** One user's cart for the detail page: who, what they tried to buy, the six steps (sent, queued), the e-mail history and the note. */
export async function cartDetail(ctx: ServiceCtx, uid: number) {
  await syncCarts(ctx);
  const user = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, uid)).get();
  if (!user) throw new ApiError('NOT_FOUND', CART_MSG.userNotFound);
  const [cart, last, history] = await Promise.all([
    ctx.db.select().from(cartRecovery).where(eq(cartRecovery.uid, uid)).get(),
    ctx.db
      .select({ category: footprints.category, at: footprints.at })
      .from(footprints)
      .where(eq(footprints.uid, uid))
      .orderBy(desc(footprints.at), desc(footprints.id))
      .limit(1)
      .get(),
    ctx.db
      .select({
        id: cartRecoverySends.id,
        at: cartRecoverySends.at,
        template: cartRecoverySends.template,
        stepKey: cartRecoverySends.stepKey,
        event: cartRecoverySends.event,
        source: cartRecoverySends.source,
        staffEmail: cartRecoverySends.staffEmail,
        mail: mailOutbox.status,
      })
      .from(cartRecoverySends)
      .leftJoin(mailOutbox, eq(mailOutbox.id, cartRecoverySends.mailId))
      .where(eq(cartRecoverySends.uid, uid))
      .orderBy(desc(cartRecoverySends.at), desc(cartRecoverySends.id))
      .all(),
  ]);
  const sentAt = new Map(history.filter((h) => h.stepKey).map((h) => [h.stepKey!, h.at]));
  const queued = firstUnsent(new Set(sentAt.keys()));
  const running = cart && cart.status !== 'recovered' && cart.unsubscribedAt === null;
  const item = ((cart?.extra.checkout as { prices?: { customer?: { items?: { name?: string | null }[] } } } | undefined)
    ?.prices?.customer?.items ?? [])[0];
  return {
    user: {
      uid,
      email: user.email,
      extra: cart?.extra ?? {},
      plan_name: item?.name ?? null,
      price: cart ? units(cart.price) : CART_FALLBACK_PRICE.price,
      currency: cart?.currency ?? CART_FALLBACK_PRICE.currency,
      risk_level: cart?.riskLevel ?? null,
      status: cart?.status ?? null,
      last_activity: last ? iso(last.at) : null,
      last_action: last ? cartEventLabel(last.category) : null,
      note: cart?.note ?? '',
      unsubscribed: Boolean(cart?.unsubscribedAt),
      has_cart: Boolean(cart),
    },
    steps: CART_TEMPLATES.map((t, i) => ({
      template: t,
      label: cartTemplateLabel(t),
      sent: sentAt.has(t),
      sent_at: sentAt.has(t) ? iso(sentAt.get(t)!) : null,
      queued: i === queued,
      due_at: running && !sentAt.has(t) ? iso(cart.anchorAt + ctx.config.CART_RECOVERY_SCHEDULE[i]!) : null,
    })),
    history: history.map((h) => ({
      id: h.id,
      date: iso(h.at),
      template: h.template,
      template_label: cartTemplateLabel(h.template),
      event: h.event,
      status: MAIL_STATUS[h.mail ?? ''] ?? 'unknown',
      source: h.source,
      staff_email: h.staffEmail,
    })),
  };
}
