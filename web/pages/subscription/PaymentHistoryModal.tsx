import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { Modal } from '../../components/Modal';
import { Table } from '../../components/Table';
import { errorMessage } from '../../lib/messaging-api';
import { paymentHistory, type PaymentHistory } from '../../stores/billing';
import type { DialogHost } from './dialogs';
import type { Entry } from './entries';
import { dollars } from './packages';

type Item = PaymentHistory['response'][number];

/** A subscription's next payment and its past payments, newest first, with receipts (1-console §2). */
export function PaymentHistoryModal({ sub, host, history: given }: { sub: Entry; host: DialogHost; history?: PaymentHistory }) {
  const [history, setHistory] = useState<PaymentHistory | null>(given ?? null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!given) paymentHistory(sub.data.subscription_id).then(setHistory, (e: unknown) => setError(errorMessage(e)));
  }, [given, sub.data.subscription_id]);
  return (
    <Modal open title="Payment history" onClose={host.close} size="md" footer={<Button variant="ghost" onClick={host.close}>Close</Button>}>
      <p className="w-muted">{sub.name}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {!history && !error && <Loader />}
      {history && (
        <>
          <h3 className="w-subs__h3">Next Payment</h3>
          <p>{history.next_payment ? <><strong>{dollars(history.next_payment.amount)}</strong> on {history.next_payment.date}</> : 'No payment is scheduled.'}</p>
          <h3 className="w-subs__h3">Past Payments</h3>
          <Table<Item>
            caption="Past Payments"
            rows={history.response}
            rowKey={(p) => p.id}
            empty="No payments yet."
            columns={[
              { key: 'date', header: 'Date', cell: (p) => p.payout_date },
              { key: 'amount', header: 'Amount', align: 'end', cell: (p) => dollars(p.amount) },
              { key: 'paid', header: 'Status', cell: (p) => <Chip tone={p.is_paid ? 'success' : 'danger'}>{p.is_paid ? 'Paid' : 'Failed'}</Chip> },
              { key: 'receipt', header: 'Receipt', cell: (p) => (p.receipt_url ? <a href={p.receipt_url} target="_blank" rel="noopener">Receipt #{p.id}</a> : '—') },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
