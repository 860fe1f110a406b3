import { cents, money } from '../../../src/shared/format';
import {
  PHONE15_MIN_LIMIT,
  PHONE19_MIN_LIMIT,
  planCatalogue,
  purchaseUnitPrice,
  trialPlanId,
  updateUnitPrice,
  type Plan,
} from '../../../src/shared/billing/plans';
import type { ProductSettings } from '../../lib/bootstrap';

/** One package card (1-console §2, §9): the plan it buys and how its price reads. */
export interface PackageOffer {
  key: string;
  title: string;
  subtitle: string;
  plan: Plan;
  /** What one unit is: 'phone', 'agent', 'Instagram account'. */
  unit: string;
  /** 'month', '6 months', 'year'. */
  period: string;
  features: string[];
  /** The trial this card offers while the product has never had one. */
  trialType?: string;
  /** Cents per unit when bought here (the card's price). */
  price: number;
  /** Cents per unit added later by a quantity change, when that differs (1-console §9: 30, not 29.90). */
  addedPrice?: number;
}

/** Cents as `$29.90`. */
export const usd = (amount: number): string => cents(amount);
/** Dollars (the server's amounts) as `$29.90`. */
export const dollars = (amount: number): string => money(amount);

const periodOf = (p: Plan) => (p.months === 12 ? 'year' : p.months === 1 ? 'month' : `${p.months} months`);

/**
 * The package cards of a product: API (with the free trial while `trial` is null), Live chat, the
 * six-monthly and annual phone plans, the Agent and Instagram add-ons, and the discounted PHONE19 /
 * PHONE15 add-ons only when the product's flag and phone limit allow them.
 */
export function packageOffers(brand: string, settings: ProductSettings, trial: boolean | null): PackageOffer[] {
  const all = planCatalogue(brand);
  const at = (id: string) => all.get(id)!;
  const offer = (
    key: string,
    plan: Plan,
    title: string,
    subtitle: string,
    unit: string,
    features: string[],
    extra: Partial<PackageOffer> = {},
  ): PackageOffer => {
    const price = purchaseUnitPrice(plan, settings);
    const later = updateUnitPrice(plan, settings);
    return {
      key,
      title,
      subtitle,
      plan,
      unit,
      period: periodOf(plan),
      features,
      price,
      ...(later !== price ? { addedPrice: later } : {}),
      ...extra,
    };
  };
  const limit = Number(settings.phone_limit ?? 0);
  const offers = [
    offer(
      'api',
      at(`${brand}-api`),
      'API',
      'WhatsApp API, per phone',
      'phone',
      ['Send and receive with the REST API', 'Webhooks for every message', 'Add phones any time'],
      trial === null ? { trialType: trialPlanId(brand, 'api') } : {},
    ),
    offer('live', at(`${brand}-live`), 'Live Chat', '1 Phone - 1 Agent', 'package', [
      'Shared inbox for your team',
      'One phone and one agent',
      'Add agents as add-ons',
    ]),
    offer('six', at(`${brand}-phone-six-monthly`), 'Phone · 6 months', 'Pay for six months at once', 'phone', [
      'Everything in API',
      'Billed every six months',
    ]),
    offer('annual', at(`${brand}-api-annually`), 'API · Annual', 'Pay for a year at once', 'phone', [
      'Everything in API',
      'Billed once a year',
    ]),
    offer('agent', at(`${brand}-agent`), 'Agent add-on', 'One more live chat agent', 'agent', [
      'Adds one agent seat per unit',
    ]),
    offer('instagram', at(`${brand}-instagram`), 'Instagram add-on', 'One Instagram account', 'Instagram account', [
      'Adds one Instagram account per unit',
    ]),
  ];
  if (settings.phone19 && limit >= PHONE19_MIN_LIMIT)
    offers.push(
      offer('phone19', at('775196'), 'PHONE19', `For accounts with ${PHONE19_MIN_LIMIT}+ phones`, 'phone', [
        'Extra phones at a lower price',
      ]),
    );
  if (settings.phone15 && limit >= PHONE15_MIN_LIMIT)
    offers.push(
      offer('phone15', at('777392'), 'PHONE15', `For accounts with ${PHONE15_MIN_LIMIT}+ phones`, 'phone', [
        'Extra phones at a lower price',
      ]),
    );
  return offers;
}
