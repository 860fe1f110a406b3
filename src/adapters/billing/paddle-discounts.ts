import type { Config } from '../../config';
import type { CheckoutDiscount } from '../../services/billing/discount';
import { paddle } from './paddle-api';

/**
 * The id of the Paddle discount that goes by `d.code`, made on first use: a percentage off the
 * first payment only (`recur: false`), as the sandbox gives it.
 */
export async function paddleDiscountId(config: Config, d: CheckoutDiscount): Promise<string> {
  const found = await paddle<{ id: string }[]>(
    config,
    'GET',
    `/discounts?code=${encodeURIComponent(d.code)}&status=active`,
  );
  if (found[0]) return found[0].id;
  const made = await paddle<{ id: string }>(config, 'POST', '/discounts', {
    description: `Cart recovery: ${d.percent}% off`,
    type: 'percentage',
    amount: String(d.percent),
    code: d.code,
    enabled_for_checkout: true,
    recur: false,
  });
  return made.id;
}
