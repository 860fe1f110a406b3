import type { SubscriptionRow } from '../../../db/schema';
import type { PaymentRecord } from '../../services/billing/events';

/** The sandbox's test cards (issue 11): one succeeds, one is declined, one succeeds now and fails every automatic charge after. */
export const TEST_CARDS = {
  '4242424242424242': 'ok',
  '4000000000000002': 'decline',
  '4000000000000341': 'fail-later',
} as const;

/** How a card on file answers a charge: customer-present charges (checkout, raise, restart) or automatic ones (renewals, retries). */
export function charges(card: string | null, automatic: boolean): boolean {
  const b = card ? TEST_CARDS[card as keyof typeof TEST_CARDS] : undefined;
  if (b === 'ok') return true;
  if (b === 'fail-later') return !automatic;
  return false;
}

export const eventId = () => `evt_sbx_${crypto.randomUUID()}`;
const txnId = () => `txn_sbx_${crypto.randomUUID()}`;

/** A payment record of the sandbox, with its printable receipt. */
export function sandboxPayment(
  sub: Pick<SubscriptionRow, 'id' | 'pid'>,
  kind: PaymentRecord['kind'],
  amount: number,
  quantity: number,
  isPaid: boolean,
  id = txnId(),
): PaymentRecord {
  return {
    txnId: id,
    subscriptionId: sub.id,
    pid: sub.pid,
    kind,
    amount,
    isPaid,
    quantity,
    receiptUrl: isPaid ? `/sandbox/receipt/${id}` : null,
  };
}
