import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Loader } from '../../components/Loader';
import { Modal } from '../../components/Modal';
import { Table, type Column } from '../../components/Table';
import { money } from '../../lib/billing-format';
import { errorMessage } from '../../lib/messaging-api';
import type { PaymentHistory } from '../../stores/billing';

type Payment = PaymentHistory['response'][number];

const COLUMNS: readonly Column<Payment>[] = [
  { key: 'date', header: 'Date', cell: (p) => p.payout_date },
  { key: 'amount', header: 'Amount', align: 'end', cell: (p) => money(p.amount) },
  {
    key: 'paid',
    header: 'Status',
    cell: (p) => <Badge tone={p.is_paid ? 'success' : 'danger'}>{p.is_paid ? 'Paid' : 'Unpaid'}</Badge>,
  },
  {
    key: 'receipt',
    header: 'Receipt',
    cell: (p) =>
      p.receipt_url ? (
        <a href={p.receipt_url} target="_blank" rel="noreferrer">
          Receipt #{p.id}
        </a>
      ) : (
        <span className="w-muted">-</span>
      ),
  },
];

/** A subscription's payments (1-console §3): the next payment, then the past ones newest first with receipts. */
export function PaymentHistoryView({ history }: { history: PaymentHistory }) {
  return (
    <div className="w-history">
      <h3 className="w-history__title">Next Payment</h3>
      {history.next_payment ? (
        <p>
          <strong>{money(history.next_payment.amount)}</strong>{' '}
          <span className="w-muted">on {history.next_payment.date}</span>
        </p>
      ) : (
        <p className="w-muted">No payment is due.</p>
      )}
      <h3 className="w-history__title">Past Payments</h3>
      <Table
        caption="Past Payments"
        columns={COLUMNS}
        rows={history.response}
        rowKey={(p) => p.id}
        empty="There are no payments yet."
      />
    </div>
  );
}

/** Loads a subscription's history and shows it; a failure shows the server's message. */
export function PaymentHistoryPanel({ load }: { load: () => Promise<PaymentHistory> }) {
  const [state, setState] = useState<{ history?: PaymentHistory; error?: string }>({});
  useEffect(() => {
    let live = true;
    setState({});
    load().then(
      (history) => live && setState({ history }),
      (e: unknown) => live && setState({ error: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  if (state.error) return <Alert tone="error">{state.error}</Alert>;
  return state.history ? <PaymentHistoryView history={state.history} /> : <Loader label="Loading payments…" />;
}

/** The payment history dialog of a subscription (`load` null: closed). */
export function PaymentHistoryDialog({
  title,
  load,
  onClose,
}: {
  title: string;
  load: (() => Promise<PaymentHistory>) | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={load !== null}
      title={title}
      size="md"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {load && <PaymentHistoryPanel load={load} />}
    </Modal>
  );
}
