import { countOf } from '../../../src/shared/format';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Pagination } from '../../components/Pagination';
import { Table, type Column } from '../../components/Table';
import { PHONE_PAGE_SIZE } from '../../../src/shared/staff-limits';
import { loadPhoneList, refreshSubscription, type PhoneListPage, type StaffPhone } from '../../stores/staff-phones';
import './staff-phones.css';

/** `/yta/missedphones`: phones of subscribed products that are not active, with refresh and backup-start. */
export default function MissedPhonesPage() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PhoneListPage | null>(null);
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const load = () =>
    void loadPhoneList({ type: 'missed', page, limit: PHONE_PAGE_SIZE }).then(setData, (err: Error) =>
      setNote({ tone: 'error', text: err.message }),
    );
  useEffect(load, [page]);
  const refresh = (p: StaffPhone) =>
    refreshSubscription(p.uid).then(
      (r) => (setNote({ tone: 'success', text: `${p.email}: ${r.message}` }), load()),
      (err: Error) => setNote({ tone: 'error', text: err.message }),
    );
  const columns: readonly Column<StaffPhone>[] = [
    { key: 'id', header: 'ID', cell: (p) => p.id },
    { key: 'pid', header: 'Product', cell: (p) => `${p.pid} (${p.email})`, wrap: true },
    {
      key: 'sub',
      header: 'Subscription',
      cell: (p) => `${p.package ?? 'free'}${p.subscription ? ` · ${p.subscription}` : ''}`,
    },
    { key: 'status', header: 'Status', cell: (p) => p.status },
    { key: 'number', header: 'Number', cell: (p) => p.number ?? '' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (p) => (
        <span className="staff-phones__actions">
          <Button size="sm" variant="secondary" onClick={() => void refresh(p)}>
            Refresh Subscription
          </Button>
          <a
            href={`/api/${p.pid}/${p.id}/redeploy?token=${encodeURIComponent(data?.token[p.pid] ?? '')}`}
            target="_blank"
            rel="noreferrer"
          >
            Backup Start
          </a>
        </span>
      ),
    },
  ];
  return (
    <Card className="staff-phones__card" title="Missed Phones">
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
      <Table
        caption="Missed phones"
        columns={columns}
        rows={data?.phones ?? []}
        rowKey={(p) => p.id}
        empty="No missed phones."
      />
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil((data?.total ?? 0) / PHONE_PAGE_SIZE))}
        onChange={setPage}
        summary={countOf(data?.total ?? 0, 'phone')}
      />
    </Card>
  );
}
