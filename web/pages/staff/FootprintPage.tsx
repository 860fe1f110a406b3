import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { Pagination } from '../../components/Pagination';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import {
  $footprint,
  $staffUsersError,
  loadFootprint,
  STAFF_PAGE_SIZE,
  type FootprintPage as Page,
} from '../../stores/staff-users';
import { staffDate } from './staff-format';
import './staff-users.css';

type Row = Page['result'][number];

/** The footprint table's columns (4-admin §2). */
export const FOOTPRINT_COLUMNS: readonly Column<Row>[] = [
  { key: 'uid', header: 'uid', cell: (r) => <Link href={`/yta/logs?uid=${r.uid}`}>{r.uid}</Link> },
  { key: 'email', header: 'email', cell: (r) => r.email },
  { key: 'subscription', header: 'subscription', cell: (r) => r.subscription ?? '–' },
  { key: 'register', header: 'register date', cell: (r) => staffDate(r.register_date) },
  { key: 'login', header: 'last login', cell: (r) => staffDate(r.last_login) || '–' },
  { key: 'trial', header: 'trial start', cell: (r) => staffDate(r.trial_start) || '–' },
  { key: 'phones', header: 'phones', cell: (r) => r.phones, align: 'end' },
  { key: 'agents', header: 'agents', cell: (r) => r.agents, align: 'end' },
];

/** `/yta/footprint`: every user with registration, last login, trial start, phones and agents; 50 a page. */
export default function FootprintPage() {
  const data = useStore($footprint);
  const error = useStore($staffUsersError);
  const [page, setPage] = useState(1);
  const [email, setEmail] = useState('');
  useEffect(() => void loadFootprint(page, email.trim()), [page, email]);
  const g = data?.general;
  return (
    <Card className="staff-users" title="Footprint">
      <div className="staff__filters">
        <TextField
          label="Email"
          type="search"
          value={email}
          onChange={(v) => (setPage(1), setEmail(v))}
          placeholder="Search by e-mail"
        />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Table
        caption="Users"
        columns={FOOTPRINT_COLUMNS}
        rows={data?.result ?? []}
        rowKey={(r) => r.uid}
        empty={data ? 'No user matches.' : 'Loading…'}
      />
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil((g?.total ?? 0) / STAFF_PAGE_SIZE))}
        onChange={setPage}
        summary={
          g && g.total !== g.users ? `${g.total} of ${countOf(g.users, 'user')}` : countOf(g?.total ?? 0, 'user')
        }
        label="User pages"
      />
    </Card>
  );
}
