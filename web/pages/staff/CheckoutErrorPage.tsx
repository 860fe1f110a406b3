import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { Pagination } from '../../components/Pagination';
import { Table, type Column } from '../../components/Table';
import {
  $staffUsersError,
  $suspected,
  loadSuspected,
  STAFF_PAGE_SIZE,
  type SuspectedPage,
} from '../../stores/staff-users';
import { staffDate } from './staff-format';
import './staff-users.css';

type Row = SuspectedPage['result'][number];

const COLUMNS: readonly Column<Row>[] = [
  {
    key: 'email',
    header: 'email',
    cell: (r) => (r.uid === null ? r.email : <Link href={`/yta/logs?uid=${r.uid}`}>{r.email}</Link>),
  },
  { key: 'date', header: 'date', cell: (r) => staffDate(r.date) },
  { key: 'plan', header: 'plan', cell: (r) => r.plan },
];

/** `/yta/checkouterror`: checkouts opened over an hour ago and never paid, declined or closed. */
export default function CheckoutErrorPage() {
  const data = useStore($suspected);
  const error = useStore($staffUsersError);
  const [page, setPage] = useState(1);
  useEffect(() => void loadSuspected(page), [page]);
  return (
    <Card
      className="staff-users"
      title="Checkout Error"
      description="Checkouts opened over an hour ago that were never paid, declined or closed."
    >
      {error && <Alert tone="error">{error}</Alert>}
      <Table
        caption="Suspected opens"
        columns={COLUMNS}
        rows={data?.result ?? []}
        rowKey={(r) => `${r.email}-${r.date}`}
        empty={data ? 'No suspected opens.' : 'Loading…'}
      />
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil((data?.total ?? 0) / STAFF_PAGE_SIZE))}
        onChange={setPage}
        summary={`${data?.total ?? 0} ${data?.total === 1 ? 'checkout' : 'checkouts'}`}
        label="Checkout pages"
      />
    </Card>
  );
}
