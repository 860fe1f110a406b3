import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { ApiError } from '../../lib/api';
import type { Preview } from '../../stores/billing';
import type { Entry } from './entries';
import type { PackageOffer } from './packages';

export { POPUP_MS } from '../../lib/billing-format';

/** The one modal the subscription page shows at a time (1-console §2). */
export type Dialog =
  | { kind: 'purchase'; offer: PackageOffer }
  | { kind: 'addPlan'; offer: PackageOffer }
  | { kind: 'update'; sub: Entry }
  | { kind: 'preview'; sub: Entry; quantity: number; preview: Preview }
  | { kind: 'plan'; sub: Entry }
  | { kind: 'unsubscribe'; sub: Entry }
  | { kind: 'cancel'; sub: Entry }
  | { kind: 'restart'; sub: Entry }
  | { kind: 'undoCancel'; sub: Entry }
  | { kind: 'history'; sub: Entry }
  | { kind: 'trialChange'; sub: Entry }
  | { kind: 'trialUnsubscribe'; sub: Entry }
  | { kind: 'trialSuccess' }
  | { kind: 'upgrading' }
  | { kind: 'disabledPhones'; ids: number[]; date: string | null };

export interface Popup {
  text: string;
  tone: 'success' | 'error';
}

/** What a modal may do to the page: open another modal, close, or end with a result popup. */
export interface DialogHost {
  open: (d: Dialog) => void;
  close: () => void;
  popup: (text: string, tone: Popup['tone']) => void;
}

/** The server's own message, else the fallback the spec names for the failing call (1-console §8). */
export function failText(fallback: string): (e: unknown) => string {
  return (e) => (e instanceof ApiError && (e.fromServer || e.status === 0) ? e.message : fallback);
}

export const updateFailText = failText(BILLING_MSG.updateFailed);
