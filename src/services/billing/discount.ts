import type { CheckoutRow } from '../../../db/schema';

/** A percentage off a checkout's first payment (cart-recovery links), and the code it goes by at the provider. */
export interface CheckoutDiscount {
  percent: number;
  code: string;
}

/** What a checkout charges now, in cents: its amount less its discount. */
export function chargeOf(c: Pick<CheckoutRow, 'amount' | 'discountPercent'>): number {
  return Math.round((c.amount * (100 - (c.discountPercent ?? 0))) / 100);
}

/** The provider code of a recovery discount, e.g. `WAPI-RECOVER-10` (one per brand and percentage). */
export function recoveryDiscount(brand: string, percent: number): CheckoutDiscount {
  return { percent, code: `${brand.toUpperCase()}-RECOVER-${percent}` };
}
