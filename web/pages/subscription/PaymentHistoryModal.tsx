import { useCallback } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { paymentHistory, type PaymentHistory } from '../../stores/billing';
import { PaymentHistoryPanel } from '../billing/PaymentHistory';
import type { DialogHost } from './dialogs';
import type { Entry } from './entries';

/** A subscription's next payment and its past payments, newest first, with receipts (1-console §2); `history` given: shown as is (stories). */
export function PaymentHistoryModal({
  sub,
  host,
  history,
}: {
  sub: Entry;
  host: DialogHost;
  history?: PaymentHistory;
}) {
  const load = useCallback(
    () => (history ? Promise.resolve(history) : paymentHistory(sub.data.subscription_id)),
    [history, sub.data.subscription_id],
  );
  return (
    <Modal
      open
      title="Payment history"
      onClose={host.close}
      size="md"
      footer={
        <Button variant="ghost" onClick={host.close}>
          Close
        </Button>
      }
    >
      <p className="w-muted">{sub.name}</p>
      <PaymentHistoryPanel load={load} />
    </Modal>
  );
}
