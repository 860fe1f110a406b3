import { eq } from 'drizzle-orm';
import { checkouts, type CheckoutRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { BILLING_MSG } from '../../shared/billing/messages';
import type { ServiceCtx } from '../context';

type NewCheckout = Omit<typeof checkouts.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/** Records an open checkout under an unguessable id (its page needs no session: the id is the key). */
export async function openCheckout(ctx: ServiceCtx, values: NewCheckout): Promise<CheckoutRow> {
  const now = ctx.now();
  const row = await ctx.db
    .insert(checkouts)
    .values({
      ...values,
      id: `chk_${crypto.randomUUID().replace(/-/g, '')}`,
      status: 'open',
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  return row!;
}

/** A checkout by id; unknown ids answer 404. */
export async function getCheckout(ctx: ServiceCtx, id: string): Promise<CheckoutRow> {
  const row = await ctx.db.select().from(checkouts).where(eq(checkouts.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', 'Checkout not found.');
  return row;
}

/** A checkout that can still be paid (open, or declined and tried again). */
export async function payableCheckout(ctx: ServiceCtx, id: string): Promise<CheckoutRow> {
  const row = await getCheckout(ctx, id);
  if (row.status !== 'open' && row.status !== 'declined') throw new ApiError('GONE', BILLING_MSG.checkoutGone);
  return row;
}

/** Marks a checkout declined or closed. */
export async function markCheckout(ctx: ServiceCtx, id: string, status: 'declined' | 'closed'): Promise<void> {
  await ctx.db.update(checkouts).set({ status, updatedAt: ctx.now() }).where(eq(checkouts.id, id));
}
export type { CheckoutRow };
