import { CSV_TYPE, toCsv } from '../../../src/shared/csv';
import { countOf } from '../../../src/shared/format';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Checkbox } from '../../components/Checkbox';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { PHONE_PAGE_SIZE, PHONE_PAGE_SIZES } from '../../../src/shared/staff-limits';
import { loadPhoneList, loadPhonesV2, type StaffPhone } from '../../stores/staff-phones';
import { staffDate } from './staff-format';
import './staff-phones.css';

/** Which list a phone list page shows. */
export type PhoneListKind = 'all' | 'idle' | 'sandbox' | 'instagram';

const TITLES: Record<PhoneListKind, string> = {
  all: 'Phones',
  idle: 'Idle Phones',
  sandbox: 'Sandbox Phones',
  instagram: 'Instagrams',
};

const COLUMNS: readonly Column<StaffPhone>[] = [
  { key: 'id', header: 'ID', cell: (p) => p.id },
  { key: 'pid', header: 'Product', cell: (p) => p.pid },
  { key: 'email', header: 'Email', cell: (p) => p.email, wrap: true },
  { key: 'number', header: 'Number', cell: (p) => p.number ?? p.name },
  { key: 'status', header: 'Status', cell: (p) => p.status },
  { key: 'package', header: 'Package', cell: (p) => p.package ?? 'free' },
  { key: 'updated', header: 'Updated', cell: (p) => staffDate(p.updated_at) },
];

/** The CSV of a page of phones (Sandbox Phones' download). */
function phonesCsv(rows: readonly StaffPhone[]): string {
  return toCsv([
    ['id', 'pid', 'email', 'number', 'status', 'package', 'updated_at'],
    ...rows.map((p) => [p.id, p.pid, p.email, p.number, p.status, p.package, p.updated_at]),
  ]);
}

function download(rows: readonly StaffPhone[]): void {
  const url = URL.createObjectURL(new Blob([phonesCsv(rows)], { type: CSV_TYPE }));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'sandbox-phones.csv' });
  a.click();
  URL.revokeObjectURL(url);
}

/** A searchable, server-paged phone list: Phones (with Only Subs and Hide Idle-Free), Idle, Sandbox (CSV) and Instagrams. */
export function PhoneList({ kind }: { kind: PhoneListKind }) {
  const [search, setSearch] = useState('');
  const [onlySubs, setOnlySubs] = useState(false);
  const [hideIdleFree, setHideIdleFree] = useState(false);
  const [limit, setLimit] = useState(PHONE_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<StaffPhone[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    const q = { search: search.trim(), page, limit };
    const load =
      kind === 'instagram'
        ? loadPhonesV2({ ...q, type: 'instagram' })
        : loadPhoneList({ ...q, type: kind === 'all' ? undefined : kind, onlySubs, hideIdleFree });
    load.then((r) => (setRows(r.phones), setTotal(r.total), setError(''))).catch((err: Error) => setError(err.message));
  }, [kind, search, onlySubs, hideIdleFree, limit, page]);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => (setPage(1), set(v));
  return (
    <Card className="staff-phones__card" title={TITLES[kind]}>
      <div className="staff__filters">
        <TextField
          label="Search"
          type="search"
          value={search}
          onChange={reset(setSearch)}
          placeholder="id, product, number, e-mail"
        />
        {kind === 'all' && <Checkbox label="Only Subs" checked={onlySubs} onChange={reset(setOnlySubs)} />}
        {kind === 'all' && <Checkbox label="Hide Idle-Free" checked={hideIdleFree} onChange={reset(setHideIdleFree)} />}
        <SelectField
          label="Per page"
          value={String(limit)}
          onChange={(v) => reset(setLimit)(Number(v))}
          options={PHONE_PAGE_SIZES.map((n) => ({ value: String(n), text: String(n) }))}
        />
        {kind === 'sandbox' && (
          <Button variant="secondary" onClick={() => download(rows)} disabled={rows.length === 0}>
            Download CSV
          </Button>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Table caption={TITLES[kind]} columns={COLUMNS} rows={rows} rowKey={(p) => p.id} empty="No phones." />
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil(total / limit))}
        onChange={setPage}
        summary={countOf(total, 'phone')}
      />
    </Card>
  );
}
