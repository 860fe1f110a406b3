import { and, asc, eq, gt } from 'drizzle-orm';
import { checkouts, subscriptions, users, type CheckoutRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/** Who paid, as a receipt names them: the mail and the printable page read this one answer. */
export interface Buyer {
  name: string;
  company: string;
  vatNumber: string;
  address: string;
}

/** The parts of a payment a receipt's buyer depends on. */
interface PaidFor {
  kind: string;
  subscriptionId: string;
}

const joined = (parts: (string | undefined)[]) => parts.filter((p) => p && p.trim()).join(', ');

/**
 * The buyer of a payment (issue 38). A purchase (checkout or a staff link) names the company given
 * at its checkout; every later charge (a raise, a renewal, a retry, a restart) names the Settings
 * company, which the checkout's details became (company.ts). The name is the account's, else the
 * e-mail the plan was bought with.
 */
export async function buyerOf(ctx: ServiceCtx, p: PaidFor, checkoutId?: string): Promise<Buyer> {
  const sub = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, p.subscriptionId)).get();
  const user = sub ? await ctx.db.select().from(users).where(eq(users.id, sub.uid)).get() : undefined;
  const purchase = p.kind === 'checkout' || p.kind === 'custom';
  const checkout = checkoutId
    ? await ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).get()
    : purchase
      ? await firstPaidCheckout(ctx, p.subscriptionId)
      : undefined;
  const name = user?.name?.trim() || checkout?.email || sub?.email || user?.email || '';
  if (checkout || purchase) {
    const co = checkout?.company;
    return {
      name,
      company: co?.companyName ?? '',
      vatNumber: co?.vatNumber ?? '',
      address: co
        ? joined([co.companyStreet, co.companyPostCode, co.companyCity, co.companyState, co.companyCountry])
        : '',
    };
  }
  const co = user?.extra.company;
  return {
    name,
    company: co?.name || user?.company || '',
    vatNumber: co?.vatNumber ?? '',
    address: co ? joined([co.street, co.postcode, co.city, co.state, co.country]) : '',
  };
}

/** The paid checkout a subscription was bought with (a card change's checkout charges nothing, so it is not one). */
function firstPaidCheckout(ctx: ServiceCtx, subscriptionId: string): Promise<CheckoutRow | undefined> {
  return ctx.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.subscriptionId, subscriptionId), eq(checkouts.status, 'paid'), gt(checkouts.amount, 0)))
    .orderBy(asc(checkouts.createdAt))
    .get();
}

/** The buyer's lines of a receipt, in the order the mail and the printable page both show them. */
export function buyerLines(b: Buyer): [label: string, value: string][] {
  return [
    ['Buyer', b.name],
    ...(b.company ? [['Company', b.company] as [string, string]] : []),
    ...(b.vatNumber ? [['VAT number', b.vatNumber] as [string, string]] : []),
    ...(b.address ? [['Address', b.address] as [string, string]] : []),
  ];
}
