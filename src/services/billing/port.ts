import type { CheckoutRow, SubscriptionRow } from '../../../db/schema';
import type { Plan } from '../../shared/billing/plans';
import type { ServiceCtx } from '../context';

/** A quantity change as priced by `quote`: a raise carries its immediate charge, a reduction the phones it disables. */
interface QuantityChange {
  quantity: number;
  unitPrice: number;
  /** Cents charged now (raises only). */
  immediate: number | null;
  /** Phones disabled when a reduction reaches the period end. */
  phoneIds: number[];
}

/**
 * The billing port. Paddle Billing (`adapters/billing/paddle.ts`) and the local sandbox
 * (`adapters/billing/sandbox.ts`) implement it. Neither writes subscription state directly: each
 * produces `BillingEvent`s that `applyEvent` applies (Paddle by its signed webhooks, the sandbox at
 * once), so state changes only by applied events.
 */
/** Every provider by name: the entries choose them (`src/adapters/billing/index.ts`) and hand them over on the `ServiceCtx`. */
export interface BillingProviders {
  sandbox: BillingProvider;
  paddle: BillingProvider;
}

declare module '../context' {
  interface ServiceCtx {
    /** The billing providers, chosen by the entry (`src/adapters/billing/index.ts`); absent where nothing bills (the runner's own calls). */
    billing?: BillingProviders;
  }
}

export interface BillingProvider {
  readonly name: 'sandbox' | 'paddle';
  /**
   * Opens a checkout for a plan and quantity; answers where the customer pays. A checkout with
   * `discountPercent` charges that much less on its first payment (the sandbox takes it off its own
   * price; Paddle applies the discount `discountCode`, made on first use).
   */
  createCheckout(ctx: ServiceCtx, checkout: CheckoutRow, plan: Plan): Promise<{ url: string; providerRef?: string }>;
  /** A raise is charged now (prorated); a reduction waits for the period end. */
  changeQuantity(ctx: ServiceCtx, sub: SubscriptionRow, change: QuantityChange): Promise<void>;
  /** Moves the subscription to another plan from the next payment. */
  changePlan(ctx: ServiceCtx, sub: SubscriptionRow, plan: Plan, unitPrice: number): Promise<void>;
  /**
   * Cancels what was paid for at its end: an active subscription with a paid period ahead ends at its
   * next bill date (`cancelAt`); one past due or paused ends now.
   */
  cancel(ctx: ServiceCtx, sub: SubscriptionRow): Promise<void>;
  /** Takes back a cancel scheduled for the period end: the subscription renews as before. */
  undoCancel(ctx: ServiceCtx, sub: SubscriptionRow): Promise<void>;
  /** Restarts a paused subscription: charged now, a new cycle from today. False when the charge fails. */
  resume(ctx: ServiceCtx, sub: SubscriptionRow): Promise<boolean>;
  /** Where the customer changes the card of a subscription. */
  paymentMethodUrl(ctx: ServiceCtx, sub: SubscriptionRow): Promise<string>;
  /** Renewals, payment retries and period-end reductions due up to `until` (billing time); answers how many ran. */
  runDue(ctx: ServiceCtx, until: number): Promise<number>;
}
