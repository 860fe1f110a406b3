/**
 * The plan catalogue (1-console §9): ids, names, prices in cents per unit and period, and what one
 * unit grants. The server prices and limits from it; the console shows it. Trial plan ids carry the
 * brand slug (`{brand}-trial-api`), so they are built by `trialPlanId`.
 */
type PlanName =
  | 'API'
  | 'MULTIAPI'
  | 'LIVE'
  | 'PHONE'
  | 'NEWPHONE'
  | 'PHONE19'
  | 'PHONE15'
  | 'MULTIPHONE'
  | 'AGENT'
  | 'INSTAGRAM'
  | 'LIVEAPI'
  | 'APIANNUALLY'
  | 'PHONESIXMONTHLY'
  | 'CUSTOM'
  | 'TRIALAPI'
  | 'TRIALLIVE'
  | 'TRIALMULTIAPI';

export interface Grants {
  phone: number;
  agent: number;
  instagram: number;
}

export interface Plan {
  id: string;
  name: PlanName;
  /** Cents per unit and period. */
  price: number;
  months: number;
  /** What one unit of quantity grants. */
  grants: Grants;
  /** An add-on beside a base subscription (cancelling it is never blocked by others). */
  addon: boolean;
  /** The phones page may raise it in place (quick update). */
  quickUpdate: boolean;
  trial: boolean;
}

const g = (phone: number, agent = 0, instagram = 0): Grants => ({ phone, agent, instagram });
const plan = (id: string, name: PlanName, price: number, grants: Grants, extra: Partial<Plan> = {}): Plan => ({
  id,
  name,
  price,
  months: 1,
  grants,
  addon: false,
  quickUpdate: false,
  trial: false,
  ...extra,
});

/** The numeric Paddle-era plan ids (2-phones §9): all six may be raised from the phones page. */
const NUMERIC: Plan[] = [
  plan('569723', 'PHONE', 2900, g(1), { quickUpdate: true }),
  plan('775032', 'NEWPHONE', 2990, g(1), { quickUpdate: true }),
  plan('737242', 'API', 2990, g(1), { quickUpdate: true }),
  plan('775196', 'PHONE19', 1900, g(1), { quickUpdate: true, addon: true }),
  plan('777392', 'PHONE15', 1500, g(1), { quickUpdate: true, addon: true }),
  plan('893548', 'MULTIPHONE', 2990, g(1), { quickUpdate: true }),
];

/** Every plan of a brand, keyed by id. */
export function planCatalogue(brand: string): Map<string, Plan> {
  const named: Plan[] = [
    plan(`${brand}-api`, 'API', 2990, g(1)),
    plan(`${brand}-multi-api`, 'MULTIAPI', 2990, g(1)),
    plan(`${brand}-live`, 'LIVE', 4990, g(1, 1)),
    plan(`${brand}-live-api`, 'LIVEAPI', 4990, g(1, 1)),
    plan(`${brand}-agent`, 'AGENT', 2000, g(0, 1), { addon: true }),
    plan(`${brand}-instagram`, 'INSTAGRAM', 1990, g(0, 0, 1), { addon: true }),
    plan(`${brand}-api-annually`, 'APIANNUALLY', 29900, g(1), { months: 12 }),
    plan(`${brand}-phone-six-monthly`, 'PHONESIXMONTHLY', 15900, g(1), { months: 6 }),
    plan(`${brand}-custom-api`, 'CUSTOM', 2990, g(1)),
    plan(trialPlanId(brand, 'api'), 'TRIALAPI', 0, g(1), { trial: true }),
    plan(trialPlanId(brand, 'live'), 'TRIALLIVE', 0, g(1, 1), { trial: true }),
    plan(trialPlanId(brand, 'multi-api'), 'TRIALMULTIAPI', 0, g(3), { trial: true }),
  ];
  return new Map([...NUMERIC, ...named].map((p) => [p.id, p]));
}

export const TRIAL_KINDS = ['api', 'live', 'multi-api'] as const;
export type TrialKind = (typeof TRIAL_KINDS)[number];

/** `{brand}-trial-api`, `{brand}-trial-live`, `{brand}-trial-multi-api`. */
export function trialPlanId(brand: string, kind: TrialKind): string {
  return `${brand}-trial-${kind}`;
}

export const TRIAL_DAYS = 3;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 300;
/** Past due: four charge attempts in all, then the subscription pauses. */
export const PAYMENT_ATTEMPTS = 4;
/** Days between the charge attempts of a past-due subscription. */
export const RETRY_DAYS = 3;
/** Partner billing: a phone costs a dollar per live day, capped at 30 a month. */
export const PARTNER_DAY_PRICE = 100;
export const PARTNER_MAX_DAYS = 30;
/** Discounted phone add-ons need this many phones already. */
export const PHONE19_MIN_LIMIT = 45;
export const PHONE15_MIN_LIMIT = 90;

/** The unit price a plan is bought at, or moved to by a plan change: its list price (PHONE 25 with phone25). */
export function purchaseUnitPrice(p: Plan, settings: { phone25?: boolean }): number {
  return p.months === 1 && p.name === 'PHONE' && settings.phone25 ? 2500 : p.price;
}

/** The unit price of a quantity update (1-console §9): AGENT 20, PHONE19 19, PHONE15 15, else 30 (25 with phone25). */
export function updateUnitPrice(p: Plan, settings: { phone25?: boolean }): number {
  if (p.months > 1) return p.price;
  if (p.name === 'AGENT') return 2000;
  if (p.name === 'PHONE19') return 1900;
  if (p.name === 'PHONE15') return 1500;
  return settings.phone25 ? 2500 : 3000;
}

/** A subscription's display name: `{quantity} Phone - {agent_limit} Agent` for custom plans, `1 Phone - 1 Agent` for LIVE. */
export function displayName(p: Plan | undefined, quantity: number, agentLimit: number): string {
  if (!p) return 'Subscription';
  if (p.name === 'CUSTOM') return `${quantity} Phone - ${agentLimit} Agent`;
  if (p.name === 'LIVE') return '1 Phone - 1 Agent';
  if (p.trial)
    return p.name === 'TRIALLIVE' ? 'Live Chat Trial' : p.name === 'TRIALMULTIAPI' ? 'Multi API Trial' : 'API Trial';
  const unit =
    p.grants.agent && !p.grants.phone ? 'Agent' : p.grants.instagram && !p.grants.phone ? 'Instagram account' : 'Phone';
  return `${planTitle(p)} · ${quantity} ${unit}${quantity === 1 ? '' : 's'}`;
}

/** A plan as a customer reads it (issue 22): '6-month phone plan', not PHONESIXMONTHLY; 'Agent add-on', not AGENT. */
export function planTitle(p: Plan): string {
  return PLAN_TITLES[p.name];
}

const PLAN_TITLES: Record<PlanName, string> = {
  API: 'API',
  MULTIAPI: 'Multi API',
  LIVE: 'Live Chat',
  PHONE: 'Phone plan',
  NEWPHONE: 'Phone plan',
  PHONE19: 'Phone add-on ($19)',
  PHONE15: 'Phone add-on ($15)',
  MULTIPHONE: 'Multi phone plan',
  AGENT: 'Agent add-on',
  INSTAGRAM: 'Instagram add-on',
  LIVEAPI: 'Live Chat + API',
  APIANNUALLY: 'Annual API plan',
  PHONESIXMONTHLY: '6-month phone plan',
  CUSTOM: 'Enterprise',
  TRIALAPI: 'API Trial',
  TRIALLIVE: 'Live Chat Trial',
  TRIALMULTIAPI: 'Multi API Trial',
};

/** Cancellation feedback reasons (1-console §9); the ones marked `explain` open the 20-character box. */
export const FEEDBACK_REASONS = [
  { state: 'needs', title: 'It does not meet my needs', explain: true },
  { state: 'technical', title: 'Technical issues', explain: true },
  { state: 'banned', title: 'My number was banned', explain: true },
  { state: 'expensive', title: 'It is too expensive', explain: false },
  { state: 'switching', title: 'Switching to another provider', explain: true },
  { state: 'support', title: 'Not enough support', explain: true },
  { state: 'later', title: 'I will buy later', explain: false },
  { state: 'other', title: 'Other', explain: true },
] as const;
export const FEEDBACK_MIN_TEXT = 20;

/** Countries whose company form needs a postcode (1-console §5). */
export const POSTCODE_COUNTRIES = ['AU', 'CA', 'DE', 'ES', 'FR', 'GB', 'IN', 'IT', 'NL', 'US'] as const;
