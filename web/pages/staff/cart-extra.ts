/**
 * A cart's `extra` (4-admin §3: the e-mail, the checkout with its prices, the payment error) as
 * readable fields for the cart detail, instead of its JSON: known fields by name, a price item as
 * 'name · $29.90', anything else by its path ('Checkout › coupon'), nothing nested left as JSON.
 */
import { money } from '../../../src/shared/format';

/** Labels of the fields the server writes (src/services/staff/cart-sync.ts). */
const LABELS: Readonly<Record<string, string>> = {
  email: 'Cart e-mail',
  'checkout.id': 'Checkout',
  'checkout.pid': 'Product',
  'checkout.quantity': 'Quantity',
  'checkout.prices.customer.items': 'Item',
  error: 'Payment error',
};

const words = (key: string) =>
  key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
const labelOf = (path: string[]) =>
  LABELS[path.join('.')] ??
  path.map((k, i) => (i === 0 ? words(k).replace(/^./, (c) => c.toUpperCase()) : words(k))).join(' › ');

/** A price item ({ name, unit, currency }) as one line. */
function itemText(v: Record<string, unknown>): string | null {
  if (typeof v.name !== 'string' && typeof v.unit !== 'number') return null;
  const price = typeof v.unit === 'number' ? money(v.unit, typeof v.currency === 'string' ? v.currency : 'USD') : '';
  return [typeof v.name === 'string' ? v.name : '', price].filter(Boolean).join(' · ');
}

function walk(value: unknown, path: string[], out: [string, string][], n = ''): void {
  if (value === null || value === undefined || value === '') return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, path, out, value.length > 1 ? ` ${i + 1}` : n));
    return;
  }
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const item = itemText(obj);
    if (item !== null) return void out.push([labelOf(path) + n, item]);
    for (const [k, v] of Object.entries(obj)) walk(v, [...path, k], out, n);
    return;
  }
  out.push([labelOf(path) + n, String(value)]);
}

/** The fields of a cart's extra, in order; the cart e-mail left out when it is the user's own. */
export function cartExtraFields(extra: Record<string, unknown>, userEmail?: string): [string, string][] {
  const out: [string, string][] = [];
  walk(extra, [], out);
  return out.filter(([label, value]) => !(label === LABELS.email && value === userEmail));
}
