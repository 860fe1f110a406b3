import { countOf, money } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { CART_PAGE_SIZE } from '../../../src/shared/cart-recovery';
import { Alert } from '../../components/Alert';
import { Badge, type Tone } from '../../components/Badge';
import { Card } from '../../components/Card';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import {
  $carts,
  $cartsError,
  loadCarts,
  NO_CART_FILTER,
  type CartFilter,
  type CartPage,
} from '../../stores/staff-cart';
import { staffDate } from './staff-format';
import './cart.css';

type Cart = CartPage['result'][number];

/** The badge tone of a cart status. */
export const STATUS_TONE: Record<string, Tone> = {
  high_risk: 'danger',
  medium_risk: 'warning',
  pending: 'info',
  recovered: 'success',
};
const today = () => new Date().toISOString().slice(0, 10);

const COLUMNS: readonly Column<Cart>[] = [
  { key: 'uid', header: 'UID', cell: (c) => <Link href={`/yta/cartlogdetails?uid=${c.uid}`}>{c.uid}</Link> },
  { key: 'email', header: 'Email', cell: (c) => c.email, wrap: true },
  { key: 'status', header: 'Status', cell: (c) => <Badge tone={STATUS_TONE[c.status] ?? 'neutral'}>{c.status}</Badge> },
  { key: 'risk', header: 'Risk', cell: (c) => c.risk_level },
  { key: 'fails', header: 'Failures', cell: (c) => c.payment_failures, align: 'end' },
  { key: 'closes', header: 'Closes', cell: (c) => c.checkout_closes, align: 'end' },
  { key: 'label', header: 'Last event', cell: (c) => c.label },
  { key: 'date', header: 'Last attempt', cell: (c) => staffDate(c.last_attempt_date) },
  { key: 'price', header: 'Price', cell: (c) => money(c.last_attempt_price, c.last_attempt_currency), align: 'end' },
  {
    key: 'sent',
    header: 'E-mails',
    cell: (c) => `${c.recovery_emails_sent}${c.unsubscribed ? ' (unsubscribed)' : ''}`,
    align: 'end',
  },
];

/** `/yta/cartlogs`: users whose checkout failed or was closed, with the recovery figures (4-admin §2). */
export default function CartLogsPage() {
  const carts = useStore($carts);
  const error = useStore($cartsError);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<CartFilter>(NO_CART_FILTER);
  useEffect(() => void loadCarts(page, filter), [page, filter]);
  const set = (k: keyof CartFilter) => (v: string) => (setPage(1), setFilter((f) => ({ ...f, [k]: v })));
  const g = carts?.general;
  const figures: [string, string][] = g
    ? [
        ['Total abandoned', String(g.total_abandoned)],
        ['High risk', String(g.high_risk)],
        ['Real potential revenue', money(g.real_potential_revenue)],
        ['Potential revenue', money(g.potential_revenue)],
        ['Users last 24h', String(g.users_last_24h)],
        ['Revenue recovered', money(g.revenue_recovered)],
      ]
    : [];
  const total = carts?.pagination.total ?? 0;
  return (
    <Card title="Abandoned Carts" className="cart__card">
      <div className="staff__filters">
        <TextField label="Email" value={filter.email} onChange={set('email')} />
        <TextField
          label="Date from"
          type="date"
          max={filter.dateTo || today()}
          value={filter.dateFrom}
          onChange={set('dateFrom')}
        />
        <TextField
          label="Date to"
          type="date"
          min={filter.dateFrom || undefined}
          max={today()}
          value={filter.dateTo}
          onChange={set('dateTo')}
        />
        <SelectField
          label="Risk level"
          value={filter.riskLevel}
          onChange={set('riskLevel')}
          options={[
            { value: '', text: 'All' },
            { value: 'high', text: 'High' },
            { value: 'medium', text: 'Medium' },
            { value: 'low', text: 'Low' },
          ]}
        />
        <TextField
          label="Min failures"
          type="number"
          min={0}
          value={filter.minFailures}
          onChange={set('minFailures')}
        />
        <TextField label="UID" type="number" min={1} value={filter.uid} onChange={set('uid')} />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <dl className="cart__figures" aria-label="Summary">
        {figures.map(([k, v]) => (
          <div key={k} className="cart__figure">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <Table
        caption="Abandoned carts"
        columns={COLUMNS}
        rows={carts?.result ?? []}
        rowKey={(c) => c.uid}
        empty="No abandoned carts."
      />
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil(total / CART_PAGE_SIZE))}
        onChange={setPage}
        summary={countOf(total, 'cart')}
      />
    </Card>
  );
}
