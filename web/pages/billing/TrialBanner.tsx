import { Link } from 'wouter';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { Icon } from '../../components/Icon';
import type { Product } from '../../lib/bootstrap';
import './billing.css';

const DAY_MS = 86_400_000;

/** What the console's trial banner says: the days left of a running trial, or that it is over; null for nothing. */
export type TrialNotice = { kind: 'trial'; daysLeft: number } | { kind: 'over' } | null;

/**
 * The trial state of a product (1-console §4, 2-phones §4.4): while `trial` is true, the days until the
 * trial entry's `trial_ends` (0 on the last day); when it is false and no paid subscription is
 * running, over. `today` is `YYYY-MM-DD` (UTC, as the server's dates).
 */
export function trialNotice(
  product: Product | null,
  today: string = new Date().toISOString().slice(0, 10),
): TrialNotice {
  if (!product) return null;
  if (product.trial === true) {
    const ends = product.activeSubs.find((s) => s.data.trialType && s.data.trial_ends)?.data.trial_ends;
    return ends
      ? { kind: 'trial', daysLeft: Math.max(0, Math.round((Date.parse(ends) - Date.parse(today)) / DAY_MS)) }
      : null;
  }
  const paid = product.activeSubs.some(
    (s) => !s.data.trialType && (s.data.status === 'active' || s.data.status === 'past_due'),
  );
  return product.trial === false && !paid ? { kind: 'over' } : null;
}

/** The banner's sentence for a notice. */
export function trialText(notice: Exclude<TrialNotice, null>): string {
  if (notice.kind === 'over') return BILLING_MSG.trialOver;
  if (notice.daysLeft === 0) return 'Your free trial ends today.';
  return `Your free trial ends in ${notice.daysLeft} day${notice.daysLeft === 1 ? '' : 's'}.`;
}

/** The trial banner above the console's pages (the subscription page shows the trial itself), with a way there. */
export function TrialBanner({ notice }: { notice: TrialNotice }) {
  if (!notice) return null;
  return (
    <div className="w-trial" data-kind={notice.kind} role="status">
      <Icon name={notice.kind === 'over' ? 'alert' : 'clock'} size={18} />
      <span>{trialText(notice)}</span>
      <Link href="/subscription">{notice.kind === 'over' ? 'Choose a package' : 'Subscribe now'}</Link>
    </div>
  );
}
