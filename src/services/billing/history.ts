import { desc, eq } from 'drizzle-orm';
import { payments, type PaymentRow, type ProductRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { buyerOf, type Buyer } from './receipts';
import { ownSubscription } from './subscriptions';
import { dayString, dollars } from './time';

/** A subscription's payments, newest first, and its next payment while it is billed (`getPaymentHistory`). */
export async function paymentHistory(ctx: ServiceCtx, product: ProductRow, subscriptionId: string) {
  const sub = await ownSubscription(ctx, product.id, subscriptionId);
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.subscriptionId, sub.id))
    .orderBy(desc(payments.id))
    .limit(500)
    .all();
  const billed =
    (sub.status === 'active' || sub.status === 'past_due') &&
    !sub.trialType &&
    sub.nextBillDate !== null &&
    sub.cancelAt === null;
  return {
    response: rows.map((p) => ({
      id: p.id,
      is_paid: p.isPaid ? (1 as const) : (0 as const),
      payout_date: dayString(p.at),
      amount: dollars(p.amount),
      currency: p.currency,
      receipt_url: p.receiptUrl,
    })),
    next_payment: billed
      ? { amount: dollars((sub.scheduledQuantity ?? sub.quantity) * sub.unitPrice), date: dayString(sub.nextBillDate!) }
      : null,
  };
}

/**
 * A paid payment by its transaction id, for its receipt page (the id is the key, as Paddle's receipt
 * links are), with its buyer: name, company, address and VAT number, as the receipt mail names them.
 */
export async function receiptOf(ctx: ServiceCtx, txnId: string): Promise<PaymentRow & { buyer: Buyer }> {
  const row = await ctx.db.select().from(payments).where(eq(payments.txnId, txnId)).get();
  if (!row || !row.isPaid) throw new ApiError('NOT_FOUND', 'Receipt not found.');
  return { ...row, buyer: await buyerOf(ctx, row) };
}
export type { PaymentRow };
