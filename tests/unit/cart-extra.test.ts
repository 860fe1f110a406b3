/** The staff cart detail shows a cart's extra as fields, never as raw JSON (issue 23). */
import { describe, expect, it } from 'vitest';
import { cartExtraFields } from '../../web/pages/staff/cart-extra';

describe("a cart's extra as readable fields", () => {
  it('names the fields the server writes and writes a price item as name and money', () => {
    const extra = {
      email: 'ada@example.com',
      checkout: {
        id: 'chk_1',
        pid: null,
        quantity: 2,
        prices: { customer: { items: [{ name: 'Wapi Monthly', unit: 29.9, currency: 'USD' }] } },
      },
      error: 'The card was declined.',
    };
    expect(cartExtraFields(extra, 'ada@example.com')).toEqual([
      ['Checkout', 'chk_1'],
      ['Quantity', '2'],
      ['Item', 'Wapi Monthly · $29.90'],
      ['Payment error', 'The card was declined.'],
    ]);
    expect(cartExtraFields(extra, 'other@example.com')[0]).toEqual(['Cart e-mail', 'ada@example.com']);
  });

  it('numbers several items and spells out unknown keys by their path, leaving no JSON', () => {
    const fields = cartExtraFields({
      checkout: {
        prices: { customer: { items: [{ name: 'A', unit: 1, currency: 'EUR' }, { name: 'B' }] } },
        couponCode: 'X',
        flags: [true],
      },
    });
    expect(fields).toEqual([
      ['Item 1', 'A · 1.00 EUR'],
      ['Item 2', 'B'],
      ['Checkout › coupon code', 'X'],
      ['Checkout › flags', 'true'],
    ]);
    expect(fields.some(([, v]) => /[{}[\]]/.test(v))).toBe(false);
  });
});
