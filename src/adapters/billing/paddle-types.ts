/**
 * The parts of Paddle Billing's entities this adapter reads, as its API reference documents them
 * (developer.paddle.com/api-reference). Amounts are strings of the lowest currency unit (cents);
 * times are RFC 3339 strings.
 */

interface PaddlePrice {
  id: string;
  unit_price: { amount: string; currency_code: string };
}

interface PaddleSubscriptionItem {
  status?: string;
  quantity: number;
  price: PaddlePrice;
}

export type PaddleSubscriptionStatus = 'active' | 'canceled' | 'past_due' | 'paused' | 'trialing';

export interface PaddleSubscription {
  id: string;
  status: PaddleSubscriptionStatus;
  customer_id: string;
  currency_code: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  next_billed_at: string | null;
  paused_at: string | null;
  canceled_at: string | null;
  current_billing_period: { starts_at: string; ends_at: string } | null;
  items: PaddleSubscriptionItem[];
  /** A change Paddle makes at a later time (a cancel at the period end); null when none. */
  scheduled_change?: { action: 'cancel' | 'pause' | 'resume'; effective_at: string; resume_at: string | null } | null;
  custom_data: Record<string, unknown> | null;
  /** Only in `subscription.created`: the transaction whose payment created the subscription. */
  transaction_id?: string;
}

export type PaddleTransactionOrigin =
  | 'api'
  | 'web'
  | 'subscription_charge'
  | 'subscription_payment_method_change'
  | 'subscription_recurring'
  | 'subscription_update';

export interface PaddleTransaction {
  id: string;
  status: string;
  customer_id: string | null;
  subscription_id: string | null;
  origin: PaddleTransactionOrigin;
  currency_code: string;
  custom_data: Record<string, unknown> | null;
  items: { price?: { id: string } | null; quantity: number }[];
  details: { totals: { total: string; grand_total?: string } } | null;
  checkout: { url: string | null } | null;
  created_at: string;
  updated_at: string;
}

/** A notification's body: the event and the entity it carries. */
export interface PaddleEvent {
  event_id: string;
  event_type: string;
  occurred_at: string;
  notification_id?: string;
  data: unknown;
}

/** Paddle's error body: `{ error: { type, code, detail }, meta: { request_id } }`. */
export interface PaddleErrorBody {
  error?: { type?: string; code?: string; detail?: string };
}
