import { countOf } from '../../../src/shared/format';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Pagination } from '../../components/Pagination';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { liveStatus, loadPhoneList, loadStatusEvents, type StatusEvents } from '../../stores/staff-phones';
import { staffPath } from '../../stores/staff';
import { staffDate } from './staff-format';
import './staff-phones.css';

type Event = StatusEvents['result'][number];
const PAGE = 50;

/** `/yta/phonesevents`: the phones' status changes, each with a live Get Status through the messaging API. */
export default function PhonesEventsPage() {
  const [page, setPage] = useState(1);
  const [email, setEmail] = useState('');
  const [data, setData] = useState<StatusEvents | null>(null);
  const [tokens, setTokens] = useState<Record<string, string>>({});
  const [live, setLive] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  useEffect(() => {
    loadStatusEvents({ page, limit: PAGE, ...(email.trim() ? { email: email.trim() } : {}) })
      .then(async (d) => {
        setData(d);
        const ids = [...new Set(d.result.map((e) => e.phone_id))];
        // The products' tokens come with phoneList, for the status call of each row's phone.
        if (ids.length) setTokens((await loadPhoneList({ ids: ids.join(','), limit: 100 })).token);
      })
      .catch((err: Error) => setError(err.message));
  }, [page, email]);
  const getStatus = async (e: Event) => {
    const status = await liveStatus(e.pid, e.phone_id, tokens[e.pid] ?? '').catch((err: Error) => err.message);
    setLive((l) => ({ ...l, [e.id]: status }));
  };
  const columns: readonly Column<Event>[] = [
    {
      key: 'id',
      header: 'ID',
      cell: (e) => (
        <a href={staffPath(`screen/${e.phone_id}`)} target="_blank" rel="noreferrer">
          {e.phone_id}
        </a>
      ),
    },
    { key: 'email', header: 'Email', cell: (e) => e.email, wrap: true },
    { key: 'status', header: 'New Status', cell: (e) => e.status },
    { key: 'date', header: 'Date', cell: (e) => staffDate(e.date) },
    {
      key: 'live',
      header: 'Get Status',
      cell: (e) => (
        <span className="staff-phones__actions">
          <Button size="sm" variant="secondary" onClick={() => void getStatus(e)}>
            Get Status
          </Button>
          {live[e.id] && <output>{live[e.id]}</output>}
        </span>
      ),
    },
  ];
  return (
    <Card className="staff-phones__card" title="Phones Events">
      <div className="staff__filters">
        <TextField label="Email" type="search" value={email} onChange={(v) => (setPage(1), setEmail(v))} />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Table
        caption="Phone status events"
        columns={columns}
        rows={data?.result ?? []}
        rowKey={(e) => e.id}
        empty="No events."
      />
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil((data?.total ?? 0) / PAGE))}
        onChange={setPage}
        summary={countOf(data?.total ?? 0, 'event')}
      />
    </Card>
  );
}
