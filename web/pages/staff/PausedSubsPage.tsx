import { money } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField } from '../../components/SelectField';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import type { PausedSub } from '../../../src/shared/schemas/staff/subs';
import {
  $pausedError,
  $pausedSubs,
  loadPausedSubs,
  restartAll,
  restartOne,
  updatePaused,
  type Notice,
} from '../../stores/staff-subs';
import { PausedEditDialog } from './PausedEditDialog';
import { staffDate } from './staff-format';
import './staff-subs.css';

type Filter = 'all' | 'zero_limit';
const FILTERS = [
  { value: 'all', text: 'All' },
  { value: 'zero_limit', text: 'Phone limit 0' },
] as const;

/** `/yta/pausedsubs`: paused subscriptions, restarted one at a time or in bulk through the billing provider. */
export default function PausedSubsPage() {
  const subs = useStore($pausedSubs);
  const error = useStore($pausedError);
  const [filter, setFilter] = useState<Filter>('all');
  const [email, setEmail] = useState('');
  const [notices, setNotices] = useState<Notice[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => void loadPausedSubs(), []);

  const needle = email.trim().toLowerCase();
  const rows = (subs ?? []).filter(
    (s) =>
      (filter === 'all' || s.phone_limit_now === 0) &&
      (!needle || s.email.includes(needle) || s.data.paddle_email.toLowerCase().includes(needle)),
  );
  const edited = subs?.find((s) => s.charge_id === editing);
  const one = async (s: PausedSub) => {
    setBusy(s.charge_id);
    const notice = await restartOne(s);
    setBusy(null);
    setNotices((n) => [notice, ...n]);
  };
  const bulk = async () => {
    setBusy('all');
    const answer = await restartAll(filter);
    setBusy(null);
    setNotices((n) => [...answer, ...n]);
  };
  const columns: readonly Column<PausedSub>[] = [
    { key: 'email', header: 'email', cell: (s) => s.email, wrap: true },
    { key: 'billing', header: 'billing e-mail', cell: (s) => s.data.paddle_email, wrap: true },
    { key: 'created', header: 'created', cell: (s) => staffDate(s.created_at) },
    { key: 'plan', header: 'plan', cell: (s) => s.data.subscription_plan_id },
    { key: 'phones', header: 'phones', cell: (s) => s.settings.phone_limit, align: 'end' },
    { key: 'now', header: 'limit now', cell: (s) => s.phone_limit_now, align: 'end' },
    { key: 'amount', header: 'amount', cell: (s) => money(s.data.amount), align: 'end' },
    { key: 'price', header: 'new price', cell: (s) => money(s.data.new_price), align: 'end' },
    {
      key: 'restart',
      header: <span className="w-sr-only">Restart</span>,
      cell: (s) => (
        <span className="staff-subs__flags">
          <Button
            size="sm"
            variant="ghost"
            disabled={busy !== null}
            onClick={() => setEditing(s.charge_id)}
            aria-label={`Edit ${s.email}`}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={busy === s.charge_id}
            disabled={busy !== null}
            onClick={() => void one(s)}
            aria-label={`Restart ${s.email}`}
          >
            Restart
          </Button>
        </span>
      ),
    },
  ];
  return (
    <Card title="Paused Subscriptions" className="staff-subs">
      <div className="staff__filters">
        <SelectField label="Filter" value={filter} onChange={(v) => setFilter(v as Filter)} options={FILTERS} />
        <TextField label="Email" type="search" value={email} onChange={setEmail} placeholder="Search by e-mail" />
        <Button
          loading={busy === 'all'}
          disabled={busy !== null || !(subs ?? []).some((s) => filter === 'all' || s.phone_limit_now === 0)}
          onClick={() => void bulk()}
        >
          {filter === 'all' ? 'Restart all' : 'Restart all with phone limit 0'}
        </Button>
      </div>
      <p className="staff-subs__count">{subs ? `${rows.length} paused subscriptions` : 'Loading…'}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {notices.length > 0 && (
        <div className="staff-subs__notices">
          {notices.map((n, i) => (
            <Alert key={`${i}-${n.text}`} tone={n.tone}>
              {n.text}
            </Alert>
          ))}
        </div>
      )}
      <div className="staff-subs__panel">
        <Table
          caption="Paused subscriptions"
          columns={columns}
          rows={rows}
          rowKey={(s) => s.charge_id}
          empty={subs ? 'No paused subscription.' : 'Loading…'}
        />
      </div>
      {edited && <PausedEditDialog sub={edited} save={updatePaused} onClose={() => setEditing(null)} />}
    </Card>
  );
}
