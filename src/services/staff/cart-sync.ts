import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { cartRecovery, cartRecoveryCursor, checkouts, footprints, users } from '../../../db/schema';
import { randomToken } from '../auth/crypto';
import { plans } from '../billing/catalogue';
import type { ServiceCtx } from '../context';

/** The footprint categories that make, grow or close an abandoned cart. */
const CART_EVENTS = ['payment-declined', 'checkout-close', 'checkout-success'];
/** Footprint events a staff call folds in before it reads (the job takes `JOB_BATCH` at a time). */
const STAFF_BATCH = 300;
export const JOB_BATCH = 2_000;
const USERS_PER_FOLD = 400;
const FALLBACK_CENTS = 2990;

/** The columns a fold recomputes; notes, the unsubscribe token and its time stay as they are. */
const FOLDED = [
  'email',
  'paymentFailures',
  'checkoutCloses',
  'checkoutSuccess',
  'anchorAt',
  'lastAbandonAt',
  'lastSuccessAt',
  'lastLabel',
  'planId',
  'price',
  'currency',
  'riskLevel',
  'status',
  'recoveredAmount',
  'extra',
  'updatedAt',
] as const;

type Event = { uid: number | null; category: string; extra: Record<string, unknown>; at: number };

/** Risk of losing the sale: two declined cards are high, one decline or two closes medium, else low. */
function riskOf(failures: number, closes: number): 'high' | 'medium' | 'low' {
  if (failures >= 2) return 'high';
  return failures === 1 || closes >= 2 ? 'medium' : 'low';
}

/** One user's cart from all their checkout events, in order; null when nothing failed or was closed. */
function fold(events: Event[]) {
  let failures = 0;
  let closes = 0;
  let successes = 0;
  let anchorAt = 0;
  let paidSince = true;
  let last: Event | null = null;
  let lastSuccess: Event | null = null;
  for (const ev of events) {
    if (ev.category === 'checkout-success') {
      successes++;
      lastSuccess = ev;
      paidSince = true;
      continue;
    }
    if (ev.category === 'payment-declined') failures++;
    else closes++;
    if (paidSince) anchorAt = ev.at;
    paidSince = false;
    last = ev;
  }
  return last ? { failures, closes, successes, anchorAt, last, lastSuccess, recovered: paidSince } : null;
}

/** Recomputes the carts of these users from their footprints (idempotent: two runners may do it at once). */
async function foldUsers(ctx: ServiceCtx, uids: number[]): Promise<void> {
  const [events, people] = await Promise.all([
    ctx.db
      .select({ uid: footprints.uid, category: footprints.category, extra: footprints.extra, at: footprints.at })
      .from(footprints)
      .where(and(inArray(footprints.uid, uids), inArray(footprints.category, CART_EVENTS)))
      .orderBy(asc(footprints.at), asc(footprints.id))
      .all(),
    ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, uids)).all(),
  ]);
  const byUid = new Map<number, Event[]>();
  for (const e of events) {
    const list = byUid.get(e.uid!);
    if (list) list.push(e);
    else byUid.set(e.uid!, [e]);
  }
  const carts = people.map((u) => ({ u, cart: fold(byUid.get(u.id) ?? []) })).filter((x) => x.cart);
  const checkoutIds = carts.map((x) => String(x.cart!.last.extra.checkout_id ?? '')).filter(Boolean);
  const rows = checkoutIds.length
    ? await ctx.db
        .select({
          id: checkouts.id,
          planId: checkouts.planId,
          amount: checkouts.amount,
          quantity: checkouts.quantity,
          pid: checkouts.pid,
        })
        .from(checkouts)
        .where(inArray(checkouts.id, checkoutIds))
        .all()
    : [];
  const now = ctx.now();
  const catalogue = plans(ctx);
  const upserts = carts.map(({ u, cart }) => {
    const c = cart!;
    const chk = rows.find((r) => r.id === c.last.extra.checkout_id);
    const price = chk?.amount ?? (typeof c.last.extra.amount === 'number' ? c.last.extra.amount : FALLBACK_CENTS);
    const planName = chk ? (catalogue.get(chk.planId)?.name ?? chk.planId) : null;
    const risk = riskOf(c.failures, c.closes);
    const values = {
      email: u.email,
      paymentFailures: c.failures,
      checkoutCloses: c.closes,
      checkoutSuccess: c.successes,
      anchorAt: c.anchorAt,
      lastAbandonAt: c.last.at,
      lastSuccessAt: c.lastSuccess?.at ?? null,
      lastLabel: c.last.category,
      planId: chk?.planId ?? null,
      price,
      currency: 'USD',
      riskLevel: risk,
      status: c.recovered
        ? ('recovered' as const)
        : risk === 'high'
          ? ('high_risk' as const)
          : risk === 'medium'
            ? ('medium_risk' as const)
            : ('pending' as const),
      recoveredAmount: c.recovered ? Number(c.lastSuccess?.extra.amount ?? 0) : 0,
      extra: {
        email: u.email,
        checkout: {
          id: chk?.id ?? null,
          pid: chk?.pid ?? null,
          quantity: chk?.quantity ?? 1,
          prices: { customer: { items: [{ name: planName, unit: price / 100, currency: 'USD' }] } },
        },
        ...(c.last.category === 'payment-declined' ? { error: 'The card was declined.' } : {}),
      },
      nextDueAt: c.recovered ? null : c.anchorAt + ctx.config.CART_RECOVERY_SCHEDULE[0]!,
      updatedAt: now,
    };
    return { uid: u.id, ...values, unsubscribeToken: randomToken(24) };
  });
  if (!upserts.length) return;
  // One statement for the chunk: a row at a time costs a round trip (and a disk sync) each.
  const set = Object.fromEntries(
    FOLDED.map((k) => [k, sql.raw(`excluded.${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`)]),
  );
  await ctx.db
    .insert(cartRecovery)
    .values(upserts)
    .onConflictDoUpdate({
      target: cartRecovery.uid,
      set: {
        ...set,
        nextDueAt: sql`case when ${cartRecovery.unsubscribedAt} is null then excluded.next_due_at else null end`,
      },
    });
}

/**
 * Folds footprint events newer than the cursor into `cart_recovery`, a batch at a time, at most
 * `maxBatches` batches; answers how many events it read. The recovery job catches up many batches a
 * run; the staff calls take one, so a page never waits for a large backlog.
 */
export async function syncCarts(ctx: ServiceCtx, maxBatches = 1, batch = STAFF_BATCH): Promise<number> {
  let read = 0;
  for (let i = 0; i < maxBatches; i++) {
    const cursor =
      (await ctx.db.select().from(cartRecoveryCursor).where(eq(cartRecoveryCursor.id, 1)).get())?.lastFootprintId ?? 0;
    const fresh = await ctx.db
      .select({ id: footprints.id, uid: footprints.uid })
      .from(footprints)
      .where(and(gt(footprints.id, cursor), inArray(footprints.category, CART_EVENTS)))
      .orderBy(asc(footprints.id))
      .limit(batch)
      .all();
    if (!fresh.length) break;
    const uids = [...new Set(fresh.map((f) => f.uid).filter((u): u is number => u !== null))];
    for (let j = 0; j < uids.length; j += USERS_PER_FOLD) await foldUsers(ctx, uids.slice(j, j + USERS_PER_FOLD));
    const lastId = fresh.at(-1)!.id;
    await ctx.db
      .insert(cartRecoveryCursor)
      .values({ id: 1, lastFootprintId: lastId })
      .onConflictDoUpdate({
        target: cartRecoveryCursor.id,
        set: { lastFootprintId: sql`max(${cartRecoveryCursor.lastFootprintId}, ${lastId})` },
      });
    read += fresh.length;
    if (fresh.length < batch) break;
  }
  return read;
}
