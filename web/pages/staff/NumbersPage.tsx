import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Checkbox } from '../../components/Checkbox';
import { Pagination } from '../../components/Pagination';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { NUMBERS_FETCH_LIMIT } from '../../../src/shared/staff-limits';
import { $numbers, $numbersError, loadNumbers, type PhoneFootprint } from '../../stores/staff-phones';
import { BanDialog, type BanDialogProps } from './BanDialog';
import { staffDate } from './staff-format';
import './staff-phones.css';

type Sort = 'number' | 'entries' | 'last' | 'status';

/** `/yta/numbers`: phone numbers with the accounts that used them, their bans, and the Set Ban / Remove Ban dialogs. */
export default function NumbersPage() {
  const data = useStore($numbers);
  const error = useStore($numbersError);
  const [email, setEmail] = useState('');
  const [onlyActive, setOnlyActive] = useState(false);
  const [onlyMultiple, setOnlyMultiple] = useState(false);
  const [notBanned, setNotBanned] = useState(false);
  const [sort, setSort] = useState<{ by: Sort; order: 'asc' | 'desc' }>({ by: 'last', order: 'desc' });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<BanDialogProps['open']>(null);
  const query = {
    email: email.trim(),
    onlyActive,
    onlyMultiple,
    notBanned,
    sort: sort.by,
    order: sort.order,
    page: Math.max(1, page),
    limit: NUMBERS_FETCH_LIMIT,
  };
  const reload = () => void loadNumbers(query);
  useEffect(reload, [email, onlyActive, onlyMultiple, notBanned, sort, page]);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => (setPage(1), set(v));
  const header = (by: Sort, text: string) => (
    <button
      type="button"
      className="staff-phones__sort"
      onClick={() => (setPage(1), setSort((s) => ({ by, order: s.by === by && s.order === 'desc' ? 'asc' : 'desc' })))}
      aria-label={`Sort by ${text}`}
    >
      {text}
      {sort.by === by ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
    </button>
  );
  const columns: readonly Column<PhoneFootprint>[] = [
    { key: 'number', header: header('number', 'Number'), cell: (r) => r.number },
    { key: 'entries', header: header('entries', 'Accounts'), cell: (r) => r.data.length, align: 'end' },
    { key: 'emails', header: 'Emails', cell: (r) => [...new Set(r.data.map((d) => d.email))].join(', '), wrap: true },
    { key: 'status', header: header('status', 'Last status'), cell: (r) => r.data.at(-1)?.status ?? '' },
    { key: 'paid', header: 'Paid', cell: (r) => (r.data.some((d) => d.package === 'api') ? 'yes' : '') },
    { key: 'last', header: header('last', 'Last change'), cell: (r) => staffDate(r.last_at) },
    { key: 'ban', header: 'Ban', cell: (r) => (r.banned ? <Badge tone="danger">{r.banned}</Badge> : '') },
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) =>
        r.banned ? (
          <Button size="sm" variant="secondary" onClick={() => setDialog({ mode: 'remove', number: r.number })}>
            Remove Ban
          </Button>
        ) : (
          <Button size="sm" variant="danger" onClick={() => setDialog({ mode: 'set', number: r.number })}>
            Set Ban
          </Button>
        ),
    },
  ];
  const s = data?.summary;
  return (
    <Card className="staff-phones__card" title="Numbers">
      <div className="staff__filters">
        <TextField
          label="Email"
          type="search"
          value={email}
          onChange={reset(setEmail)}
          placeholder="e-mail of an account"
        />
        <Checkbox label="Only Active" checked={onlyActive} onChange={reset(setOnlyActive)} />
        <Checkbox label="Only Multiple" checked={onlyMultiple} onChange={reset(setOnlyMultiple)} />
        <Checkbox label="Not Banned" checked={notBanned} onChange={reset(setNotBanned)} />
        <Button variant="secondary" onClick={() => setDialog({ mode: 'set', number: '' })}>
          Set Ban
        </Button>
      </div>
      {s && (
        <p className="staff-phones__summary" aria-label="Summary">
          Numbers: {s.numbers} · Active: {s.active} · Multiple: {s.multiple} · Banned: {s.banned} · Shown: {data.total}
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <Table
        caption="Numbers"
        columns={columns}
        rows={data?.result ?? []}
        rowKey={(r) => r.number}
        empty="No numbers."
      />
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil((data?.total ?? 0) / NUMBERS_FETCH_LIMIT))}
        onChange={(p) => setPage(Math.max(1, p))}
        summary={countOf(data?.total ?? 0, 'number')}
      />
      <BanDialog open={dialog} onClose={() => setDialog(null)} onDone={() => (setDialog(null), reload())} />
    </Card>
  );
}
