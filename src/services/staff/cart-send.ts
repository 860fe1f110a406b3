import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { cartRecovery, cartRecoverySends, mailOutbox, products, users, type CartRecoveryRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import {
  CART_DISCOUNTS,
  CART_FALLBACK_PRICE,
  CART_MSG,
  CART_TEMPLATES,
  cartEventLabel,
  type CartTemplate,
} from '../../shared/cart-recovery';
import { planOf, plans } from '../billing/catalogue';
import { openCheckout } from '../billing/checkout-rows';
import { recoveryDiscount } from '../billing/discount';
import { billingProvider } from '../billing/provider';
import type { ServiceCtx } from '../context';
import { outboxValues } from '../mail/outbox';
import { recordAudit, type Actor } from './audit';
import { cartRecoveryMail } from './cart-mail';
import { syncCarts } from './cart-sync';

/** Overrides staff may give a manual send (4-admin §7 `POST /mailer/cart-recovery`). */
export interface CartMailExtra {
  user_name?: string | undefined;
  last_event_label?: string | undefined;
  error_message?: string | undefined;
  product_name?: string | undefined;
  price?: number | undefined;
  currency?: string | undefined;
  checkout_url?: string | undefined;
}

/** Who sends: the recovery job, or a staff member (recorded in the audit log). */
export type CartSender = { source: 'job' } | { source: 'staff'; actor: Actor };

const absolute = (ctx: ServiceCtx, url: string) => (url.startsWith('/') ? `${ctx.config.publicUrl}${url}` : url);

/** Where the e-mail sends the user: a new checkout of their last attempt, with the step's discount applied. */
async function checkoutLink(ctx: ServiceCtx, cart: CartRecoveryRow, template: CartTemplate): Promise<string> {
  if (ctx.config.billing === 'none') return absolute(ctx, '/subscription');
  const checkout = (cart.extra.checkout ?? {}) as { pid?: string | null; quantity?: number };
  const pid =
    checkout.pid ??
    (await ctx.db.select({ id: products.id }).from(products).where(eq(products.uid, cart.uid)).get())?.id;
  if (!pid) return absolute(ctx, '/subscription');
  const plan =
    cart.planId && plans(ctx).has(cart.planId) ? planOf(ctx, cart.planId) : planOf(ctx, `${ctx.config.BRAND}-api`);
  const percent = CART_DISCOUNTS[template];
  const discount = percent ? recoveryDiscount(ctx.config.BRAND, percent) : null;
  const provider = billingProvider(ctx);
  const row = await openCheckout(ctx, {
    pid,
    uid: cart.uid,
    provider: provider.name,
    planId: plan.id,
    quantity: checkout.quantity ?? 1,
    amount: cart.price,
    email: cart.email,
    ...(discount ? { discountPercent: discount.percent, discountCode: discount.code } : {}),
  });
  return absolute(ctx, (await provider.createCheckout(ctx, row, plan)).url);
}

/** A unique-key refusal: the step was claimed by another send. */
const isClaimed = (err: unknown) =>
  /UNIQUE constraint failed/i.test(String((err as { cause?: unknown })?.cause ?? err));

/**
 * Sends one recovery step to a user. The send row (its unique key per user and step) and the e-mail
 * are written in one batch, so a step the job sends goes out once across restarts and runners;
 * answers false when it had been sent already. Staff may send a step again (without the key).
 */
export async function sendRecovery(
  ctx: ServiceCtx,
  input: { uid: number; email: string; template: CartTemplate; extra?: CartMailExtra },
  by: CartSender,
): Promise<boolean> {
  if (by.source === 'staff') await syncCarts(ctx);
  const cart = await ctx.db.select().from(cartRecovery).where(eq(cartRecovery.uid, input.uid)).get();
  if (!cart) {
    const user = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.uid)).get();
    throw user ? new ApiError('CONFLICT', CART_MSG.noCart) : new ApiError('NOT_FOUND', CART_MSG.userNotFound);
  }
  if (cart.unsubscribedAt !== null) throw new ApiError('CONFLICT', CART_MSG.unsubscribed);
  const claimed = await ctx.db
    .select({ id: cartRecoverySends.id })
    .from(cartRecoverySends)
    .where(and(eq(cartRecoverySends.uid, cart.uid), eq(cartRecoverySends.stepKey, input.template)))
    .get();
  if (claimed && by.source === 'job') return false;
  const x = input.extra ?? {};
  const user = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, cart.uid)).get();
  const event = x.last_event_label ?? cartEventLabel(cart.lastLabel);
  const checkoutUrl =
    !CART_DISCOUNTS[input.template] && x.checkout_url ? x.checkout_url : await checkoutLink(ctx, cart, input.template);
  const item = ((cart.extra.checkout as { prices?: { customer?: { items?: { name?: string | null }[] } } } | undefined)
    ?.prices?.customer?.items ?? [])[0];
  const mail = cartRecoveryMail({
    template: input.template,
    brand: ctx.config.BRAND,
    to: input.email,
    userName: x.user_name ?? user?.name ?? '',
    lastEvent: event,
    errorMessage: x.error_message ?? String(cart.extra.error ?? ''),
    productName: x.product_name ?? item?.name ?? 'your plan',
    price: x.price ?? (cart.price ? cart.price / 100 : CART_FALLBACK_PRICE.price),
    currency: x.currency ?? cart.currency ?? CART_FALLBACK_PRICE.currency,
    checkoutUrl,
    unsubscribeUrl: `${ctx.config.publicUrl}/unsubscribe/${cart.unsubscribeToken}`,
  });
  const send = (stepKey: string | null) =>
    ctx.db.batch([
      ctx.db.insert(mailOutbox).values(outboxValues(ctx, mail)),
      ctx.db.insert(cartRecoverySends).values({
        uid: cart.uid,
        template: input.template,
        stepKey,
        event,
        source: by.source,
        staffEmail: by.source === 'staff' ? (by.actor?.email ?? '') : '',
        mailId: sql`last_insert_rowid()`,
        checkoutUrl,
        at: ctx.now(),
      }),
    ]);
  try {
    await send(claimed ? null : input.template);
  } catch (err) {
    if (!isClaimed(err)) throw err;
    if (by.source === 'job') return false;
    await send(null);
  }
  if (by.source === 'staff')
    await recordAudit(ctx, by.actor, 'cartRecoveryEmail', String(cart.uid), {
      template: input.template,
      email: input.email,
    });
  return true;
}

/** Templates of the steps a user has been sent, by anyone. */
export async function sentSteps(ctx: ServiceCtx, uid: number): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ t: cartRecoverySends.stepKey })
    .from(cartRecoverySends)
    .where(and(eq(cartRecoverySends.uid, uid), isNotNull(cartRecoverySends.stepKey)))
    .all();
  return new Set(rows.map((r) => r.t!));
}

/** The index of the first step not sent yet (the queued one), or -1 when all six went out. */
export function firstUnsent(sent: Set<string>): number {
  return CART_TEMPLATES.findIndex((t) => !sent.has(t));
}

/** Saves staff's note on a user's cart (recorded in the audit log). */
export async function setCartNote(ctx: ServiceCtx, actor: Actor, uid: number, note: string): Promise<void> {
  await syncCarts(ctx);
  const row = await ctx.db
    .update(cartRecovery)
    .set({ note })
    .where(eq(cartRecovery.uid, uid))
    .returning({ uid: cartRecovery.uid })
    .get();
  if (!row) {
    const user = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, uid)).get();
    throw user ? new ApiError('CONFLICT', CART_MSG.noCart) : new ApiError('NOT_FOUND', CART_MSG.userNotFound);
  }
  await recordAudit(ctx, actor, 'cartNote', String(uid), { note: note.slice(0, 200) });
}

/** Stops the recovery e-mails of the cart whose unsubscribe token this is; false for an unknown token. */
export async function unsubscribeCart(ctx: ServiceCtx, token: string): Promise<boolean> {
  const row = await ctx.db
    .update(cartRecovery)
    .set({ unsubscribedAt: sql`coalesce(${cartRecovery.unsubscribedAt}, ${ctx.now()})`, nextDueAt: null })
    .where(eq(cartRecovery.unsubscribeToken, token))
    .returning({ uid: cartRecovery.uid })
    .get();
  return Boolean(row);
}
