import type { SubscriptionEntry } from '../../../src/shared/schemas/billing';
import { Button } from '../../components/Button';
import { Table, type Column } from '../../components/Table';
import { money, statusLabel } from '../../lib/billing-format';
import type { PartnerLogs } from '../../stores/billing';

export type PartnerLog = PartnerLogs['results'][number];

/** The partner's subscriptions: Subscription, Limit, Status, Next Bill Date, Next Payment Amount, Actions. */
export function PartnerSubscriptions({
  subs,
  onHistory,
  onUnsubscribe,
}: {
  subs: readonly SubscriptionEntry[];
  onHistory: (sub: SubscriptionEntry) => void;
  onUnsubscribe: (sub: SubscriptionEntry) => void;
}) {
  const columns: readonly Column<SubscriptionEntry>[] = [
    { key: 'name', header: 'Subscription', wrap: true, cell: (s) => s.name },
    { key: 'limit', header: 'Limit', align: 'end', cell: (s) => s.data.quantity },
    { key: 'status', header: 'Status', cell: (s) => statusLabel(s.data) },
    { key: 'bill', header: 'Next Bill Date', cell: (s) => s.data.next_bill_date ?? '-' },
    { key: 'amount', header: 'Next Payment Amount', align: 'end', cell: (s) => money(s.data.next_payment_amount) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (s) => (
        <div className="w-billing__actions">
          <Button variant="secondary" size="sm" onClick={() => onHistory(s)}>
            Payment History
          </Button>
          {s.data.status !== 'deleted' && (
            <Button variant="ghost" size="sm" onClick={() => onUnsubscribe(s)}>
              Unsubscribe
            </Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <Table
      caption="Subscriptions"
      columns={columns}
      rows={subs}
      rowKey={(s) => s.data.subscription_id}
      empty="There is no subscription."
      stack
    />
  );
}

const dateOf = (iso: string | undefined) => (iso ? iso.slice(0, 10) : '-');

/**
 * A month of partner billing (1-console §2, §9): per phone its last mode, live days this month and
 * price (a dollar a live day, at most 30), with a Total row.
 */
export function PartnerLogsTable({ logs, onDetails }: { logs: PartnerLogs; onDetails: (log: PartnerLog) => void }) {
  const columns: readonly Column<PartnerLog>[] = [
    { key: 'phone', header: 'Phone', cell: (l) => (l.number ? `${l.phone_id} · +${l.number}` : l.phone_id) },
    { key: 'mod', header: 'Last Mod', cell: (l) => l.last_log?.status ?? '-' },
    { key: 'days', header: 'Live days of This Month', align: 'end', cell: (l) => l.live_days_total },
    { key: 'price', header: 'Price', align: 'end', cell: (l) => money(l.price) },
    { key: 'updated', header: 'Update Date', cell: (l) => dateOf(l.last_log?.date) },
    {
      key: 'details',
      header: 'Details',
      cell: (l) => (
        <Button variant="ghost" size="sm" onClick={() => onDetails(l)} aria-label={`Details of phone ${l.phone_id}`}>
          Details
        </Button>
      ),
    },
  ];
  const days = logs.results.reduce((a, l) => a + l.live_days_total, 0);
  return (
    <Table
      caption={`Phones of ${logs.month}`}
      columns={columns}
      rows={logs.results}
      rowKey={(l) => l.phone_id}
      empty="There is no data for showing."
      foot={
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td data-align="end">{days}</td>
          <td data-align="end">{money(logs.total)}</td>
          <td colSpan={2} />
        </tr>
      }
    />
  );
}

/** One phone's status changes this month, for the Details dialog. */
export function PartnerLogDetails({ log }: { log: PartnerLog }) {
  const columns: readonly Column<PartnerLog['logs'][number]>[] = [
    { key: 'at', header: 'Time (UTC)', cell: (e) => e.at.slice(0, 19).replace('T', ' ') },
    { key: 'status', header: 'Status', cell: (e) => e.status },
  ];
  return (
    <Table
      caption={`Status changes of phone ${log.phone_id}`}
      columns={columns}
      rows={log.logs}
      rowKey={(e) => `${e.at}-${e.status}`}
      empty="No status change this month."
    />
  );
}
