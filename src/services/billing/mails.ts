import { and, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import { billingEvents, checkouts, phones, subscriptions, users, type SubscriptionRow } from '../../../db/schema';
import { brandName } from '../../shared/brand';
import { cents } from '../../shared/format';
import { PAYMENT_ATTEMPTS, planTitle } from '../../shared/billing/plans';
import type { ServiceCtx } from '../context';
import { queueMail } from '../mail/outbox';
import { plans } from './catalogue';
import { buyerLines, buyerOf } from './receipts';
import { dayString, DAY_MS } from './time';

/**
 * The customer's billing mail (issue 22): a failed payment with the attempts left (past due), a
 * paused subscription, a trial ending in a day and ended, phones disabled at a period end, a
 * subscription ended, and the receipt of every charge with the buyer's name, company, address and
 * VAT number (`mailReceipt`). Every message goes through the mail outbox (SMTP, or the local mailbox), and
 * is written once: only for an event applied for the first time. Amounts are never card details.
 */

/** The parts of an applied billing event (events.ts's BillingEvent) the mail reads; declared here, as events.ts calls this module. */
interface BillingEvent {
  id: string;
  type: string;
  occurredAt: number;
  subscription?: Omit<SubscriptionRow, 'eventAt' | 'createdAt' | 'updatedAt' | 'cancelAt'>;
  payment?: {
    subscriptionId: string;
    kind: string;
    amount: number;
    isPaid: boolean;
    quantity: number;
    receiptUrl: string | null;
  };
  checkoutId?: string;
  disablePhoneIds?: number[];
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const usd = (amount: number) => cents(amount);

interface Letter {
  subject: string;
  lines: string[];
}

async function send(ctx: ServiceCtx, to: string, letter: Letter): Promise<void> {
  if (!to) return;
  const brand = brandName(ctx.config.BRAND);
  const link = `${ctx.config.publicUrl}/subscription`;
  const text = `${letter.lines.join('\n\n')}\n\nYour subscriptions: ${link}\n\n${brand}\n`;
  const html = `${letter.lines.map((l) => `<p>${esc(l).replace(/\n/g, '<br>')}</p>`).join('')}<p><a href="${esc(link)}">Your subscriptions</a></p><p>${esc(brand)}</p>`;
  await queueMail(ctx, { to, subject: `${letter.subject} · ${brand}`, text, html });
}

/** Where a subscription's mail goes: the e-mail it was bought with, else its owner's. */
async function recipient(ctx: ServiceCtx, sub: Pick<SubscriptionRow, 'email' | 'uid'>): Promise<string> {
  if (sub.email) return sub.email;
  const u = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, sub.uid)).get();
  return u?.email ?? '';
}

function nameOf(ctx: ServiceCtx, planId: string, quantity: number): string {
  const p = plans(ctx).get(planId);
  if (!p) return 'Your subscription';
  return `${planTitle(p)}${p.trial ? '' : ` (${quantity})`}`;
}

/** The letter an applied event asks for, if any. */
async function letterOf(ctx: ServiceCtx, ev: BillingEvent): Promise<Letter[]> {
  const s = ev.subscription;
  const out: Letter[] = [];
  if (!s) {
    if (ev.type === 'payment.failed' && ev.payment) {
      const sub = await ctx.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, ev.payment.subscriptionId))
        .get();
      if (sub && sub.status === 'paused')
        out.push({
          subject: 'Your payment failed',
          lines: [
            `We could not charge ${usd(ev.payment.amount)} for ${nameOf(ctx, sub.planId, sub.quantity)}. Your subscription stays paused; update your card and restart it from your subscriptions page.`,
          ],
        });
    }
    return out;
  }
  const name = nameOf(ctx, s.planId, s.quantity);
  if (ev.type === 'subscription.past_due') {
    const left = Math.max(0, PAYMENT_ATTEMPTS - (s.attemptNumber || 1));
    const retry = s.nextRetryDate ? ` We try again on ${dayString(s.nextRetryDate)}.` : '';
    out.push({
      subject: `Payment failed: ${left} attempt${left === 1 ? '' : 's'} left`,
      lines: [
        `We could not charge your card for ${name}. The subscription is past due: it keeps working while we retry.${retry} ${left} attempt${left === 1 ? '' : 's'} left before it is paused.`,
        'Update your card on your subscriptions page to pay now.',
      ],
    });
  }
  if (ev.type === 'subscription.paused') {
    out.push({
      subject: 'Your subscription is paused',
      lines: [
        `We could not charge your card for ${name} after ${PAYMENT_ATTEMPTS} attempts, so the subscription is paused and its phones above your limit are disabled (their data is kept).`,
        'Restart it from your subscriptions page: it is charged then and a new period starts that day.',
      ],
    });
  }
  if (ev.type === 'subscription.cancelled' && s.status === 'deleted') {
    if (s.trialType) {
      if (ev.id.startsWith('evt_local_trial_end_'))
        out.push({
          subject: 'Your free trial has ended',
          lines: [
            `Your free trial (${name}) has ended and its phones stopped working; their data is kept.`,
            'Choose a package on your subscriptions page to keep going.',
          ],
        });
    } else {
      out.push({
        subject: 'Your subscription has ended',
        lines: [
          `${name} ended on ${dayString(s.endedAt ?? ev.occurredAt)}. Nothing more is charged for it. Phones above your new limit are disabled; their data is kept.`,
        ],
      });
    }
  }
  if (ev.disablePhoneIds?.length) {
    const rows = await ctx.db
      .select({ id: phones.id, number: phones.number })
      .from(phones)
      .where(and(eq(phones.pid, s.pid), inArray(phones.id, ev.disablePhoneIds)))
      .all();
    if (rows.length) {
      out.push({
        subject: 'Phones disabled at the end of the period',
        lines: [
          `As you chose when lowering ${name}, these phones were disabled on ${dayString(ev.occurredAt)}: ${rows.map((r) => `#${r.id}${r.number ? ` (${r.number})` : ''}`).join(', ')}. Their data is kept; raise the quantity again to enable them.`,
        ],
      });
    }
  }
  return out;
}

/** What a receipt says the money was for, by the payment's kind. */
const RECEIPT_INTRO: Record<string, string> = {
  checkout: 'Thank you for your purchase.',
  custom: 'Thank you for your purchase.',
  proration: 'Thank you: the added units are charged for the days left in the period.',
  renewal: 'Your subscription renewed.',
  retry: 'Your payment went through.',
  restart: 'Your subscription restarted.',
};

/**
 * The receipt of one charge (issue 38): every paid payment, a purchase, a raise charged now, a
 * renewal, a retry, a restart, and each Paddle transaction, is mailed once, when its payment is first
 * recorded. Who paid (name, company, address, VAT number) comes from `buyerOf`, as on the printable page.
 */
async function receipt(ctx: ServiceCtx, ev: BillingEvent): Promise<Letter | null> {
  const p = ev.payment;
  if (!p?.isPaid || p.amount <= 0) return null;
  const sub = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, p.subscriptionId)).get();
  if (!sub || sub.trialType) return null;
  const checkout = ev.checkoutId
    ? await ctx.db.select().from(checkouts).where(eq(checkouts.id, ev.checkoutId)).get()
    : undefined;
  const buyer = await buyerOf(ctx, p, checkout?.id);
  const planId = checkout?.planId ?? ev.subscription?.planId ?? sub.planId;
  const quantity = ev.subscription?.quantity ?? sub.quantity;
  const link = p.receiptUrl?.startsWith('/') ? `${ctx.config.publicUrl}${p.receiptUrl}` : p.receiptUrl;
  return {
    subject: 'Your receipt',
    lines: [
      `${RECEIPT_INTRO[p.kind] ?? 'Thank you for your payment.'} Receipt for ${nameOf(ctx, planId, quantity)}:`,
      [
        ...buyerLines(buyer).map(([label, value]) => `${label}: ${value}`),
        `Quantity: ${p.quantity}`,
        `Paid: ${usd(p.amount)} on ${dayString(ev.occurredAt)}`,
        ...(link ? [`Printable receipt: ${link}`] : []),
      ].join('\n'),
    ],
  };
}

/** Mails the receipt of a payment recorded for the first time by this event; a mail failure never undoes billing. */
export async function mailReceipt(ctx: ServiceCtx, ev: BillingEvent): Promise<void> {
  try {
    const letter = await receipt(ctx, ev);
    if (!letter) return;
    const sub = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, ev.payment!.subscriptionId)).get();
    if (sub) await send(ctx, await recipient(ctx, sub), letter);
  } catch (err) {
    console.error('billing receipt', ev.type, ev.id, err instanceof Error ? err.message : err);
  }
}

/** Mails what an event applied for the first time tells the customer; a mail failure never undoes billing. */
export async function mailBillingEvent(ctx: ServiceCtx, ev: BillingEvent): Promise<void> {
  try {
    const letters = await letterOf(ctx, ev);
    if (!letters.length) return;
    const sub =
      ev.subscription ??
      (ev.payment
        ? await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, ev.payment.subscriptionId)).get()
        : undefined);
    if (!sub) return;
    const to = await recipient(ctx, sub);
    for (const l of letters) await send(ctx, to, l);
  } catch (err) {
    console.error('billing mail', ev.type, ev.id, err instanceof Error ? err.message : err);
  }
}

/**
 * Warns of each running trial that ends within a day of `until`, once (a marker in billing_events
 * by the trial's id: two runners write one warning).
 */
export async function warnTrialsEnding(ctx: ServiceCtx, until: number): Promise<number> {
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.trialType),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.nextBillDate, until + DAY_MS),
        gt(subscriptions.nextBillDate, until),
      ),
    )
    .all();
  let warned = 0;
  for (const s of due) {
    const first = await ctx.db
      .insert(billingEvents)
      .values({
        id: `evt_local_trial_warn_${s.id}`,
        type: 'subscription.updated',
        subscriptionId: s.id,
        occurredAt: until,
        payload: { warning: 'trial ends in a day' },
        appliedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id })
      .get();
    if (!first) continue;
    warned++;
    await send(ctx, await recipient(ctx, s), {
      subject: 'Your free trial ends tomorrow',
      lines: [
        `Your free trial (${nameOf(ctx, s.planId, s.quantity)}) ends on ${dayString(s.nextBillDate!)}. Its phones stop working then; their data is kept.`,
        'Choose a package on your subscriptions page to keep going without a break.',
      ],
    });
  }
  return warned;
}
