import { PAYMENT_ATTEMPTS } from '../../src/shared/billing/plans';
import type { SubscriptionEntry } from '../../src/shared/schemas/billing';

/** Dollars as the subscription screens show them: `$29.90`. */
export function money(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '-' : `$${amount.toFixed(2)}`;
}

/** A subscription's status as the tables show it (1-console §4): deleted reads Cancelled, past due its attempts left. */
export function statusLabel(data: Pick<SubscriptionEntry['data'], 'status' | 'attempt_number'>): string {
  switch (data.status) {
    case 'active':
      return 'Active';
    case 'past_due': {
      const left = PAYMENT_ATTEMPTS - (data.attempt_number || 1);
      return `Past due (${left} attempt${left === 1 ? '' : 's'} remaining)`;
    }
    case 'paused':
      return 'Paused';
    case 'deleted':
      return 'Cancelled';
    case 'temporary':
      return 'Pending payment';
  }
}

/** `YYYY-MM` of a moment, in UTC (the partner billing month). */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The month a page query asks for, when it is a well-formed `YYYY-MM`; else the current month. */
export function pageMonth(search: string, now: Date = new Date()): string {
  const asked = new URLSearchParams(search).get('month') ?? '';
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : monthOf(now);
}
