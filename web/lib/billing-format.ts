import { money as formatMoney } from '../../src/shared/format';
import { PAYMENT_ATTEMPTS } from '../../src/shared/billing/plans';
import type { SubscriptionEntry } from '../../src/shared/schemas/billing';

/** How long a result popup of the subscription screens stays before it closes itself (1-console §4 Changes). */
export const POPUP_MS = 3_000;

/** Dollars as the subscription screens show them: `$29.90` (the shared formatter), '-' when unknown. */
export function money(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '-' : formatMoney(amount);
}

/** Past due: charge attempts left, 4 minus attempt_number (counted as 1 when unset). */
export function attemptsRemaining(data: Pick<SubscriptionEntry['data'], 'attempt_number'>): number {
  return Math.max(0, PAYMENT_ATTEMPTS - (data.attempt_number || 1));
}

/** The tone a status shows in. */
export type StatusTone = 'success' | 'warning' | 'neutral' | 'danger' | 'info';

/** A subscription's status as the tables show it (1-console §4): deleted reads Cancelled, past due its attempts left, a running trial Trial. */
export function statusView(data: Pick<SubscriptionEntry['data'], 'status' | 'attempt_number' | 'trialType'>): {
  text: string;
  tone: StatusTone;
} {
  switch (data.status) {
    case 'past_due': {
      const left = attemptsRemaining(data);
      return { text: `Past due · ${left} attempt${left === 1 ? '' : 's'} remaining`, tone: 'warning' };
    }
    case 'deleted':
      return { text: 'Cancelled', tone: 'neutral' };
    case 'paused':
      return { text: 'Paused', tone: 'danger' };
    case 'temporary':
      return { text: 'Pending payment', tone: 'info' };
    default:
      return data.trialType ? { text: 'Trial', tone: 'info' } : { text: 'Active', tone: 'success' };
  }
}

/** The status text alone. */
export function statusLabel(data: Pick<SubscriptionEntry['data'], 'status' | 'attempt_number' | 'trialType'>): string {
  return statusView(data).text;
}

/** `YYYY-MM` of a moment, in UTC (the partner billing month). */
function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The month a page query asks for, when it is a well-formed `YYYY-MM`; else the current month. */
export function pageMonth(search: string, now: Date = new Date()): string {
  const asked = new URLSearchParams(search).get('month') ?? '';
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : monthOf(now);
}
