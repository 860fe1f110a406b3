import { describe, expect, it } from 'vitest';
import { paddleBilling } from '../../src/adapters/billing/paddle';
import { openCheckout } from '../../src/services/billing/checkout-rows';
import { recoveryDiscount } from '../../src/services/billing/discount';
import { planCatalogue } from '../../src/shared/billing/plans';
import { eachPaddleWorld, type PaddleWorld } from '../support/paddle';

let w: PaddleWorld;
eachPaddleWorld((world) => (w = world));

describe('a cart-recovery discount through Paddle', () => {
  it('makes the discount code once (percentage, first payment only) and opens each discounted checkout with it', async () => {
    const d = recoveryDiscount('wapi', 20);
    const open = async () => {
      const chk = await openCheckout(w.ctx, {
        pid: w.pid,
        uid: w.uid,
        provider: 'paddle',
        planId: '569723',
        quantity: 1,
        amount: 2900,
        email: 'buyer@example.com',
        discountPercent: d.percent,
        discountCode: d.code,
      });
      return paddleBilling.createCheckout(w.ctx, chk, planCatalogue('wapi').get('569723')!);
    };
    await open();
    await open();
    expect(w.fake.discounts).toMatchObject([
      { code: 'WAPI-RECOVER-20', type: 'percentage', amount: '20', recur: false, enabled_for_checkout: true },
    ]);
    const txns = w.fake.requests.filter((r) => r.method === 'POST' && r.path === '/transactions');
    expect(txns.map((r) => r.body.discount_id)).toEqual([w.fake.discounts[0]!.id, w.fake.discounts[0]!.id]);
  });
});
