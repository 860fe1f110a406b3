import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { Pagination } from '../../components/Pagination';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { $audit, $auditError, AUDIT_PAGE_SIZE, loadAudit, type AuditPage } from '../../stores/staff';
import { StaffRoles } from './StaffRoles';
import { staffDate } from './staff-format';

type Entry = AuditPage['result'][number];

const COLUMNS: readonly Column<Entry>[] = [
  { key: 'date', header: 'Date', cell: (e) => staffDate(e.date) },
  { key: 'staff', header: 'Staff', cell: (e) => e.staff_email || 'anonymous' },
  { key: 'action', header: 'Action', cell: (e) => e.action },
  { key: 'target', header: 'Target', cell: (e) => e.target, wrap: true },
  { key: 'detail', header: 'Detail', cell: (e) => <code>{JSON.stringify(e.detail)}</code>, wrap: true },
];

/** `/yta/audit`: staff roles granted here, who changed what in the back-office, and every refused admin call. */
export default function AuditPage() {
  const audit = useStore($audit);
  const error = useStore($auditError);
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  useEffect(() => void loadAudit(page, action.trim()), [page, action]);
  return (
    <>
      <StaffRoles onGranted={() => void loadAudit(page, action.trim())} />
      <Card title="Audit Log">
        <div className="staff__filters">
          <TextField
            label="Action"
            value={action}
            onChange={(v) => (setPage(1), setAction(v))}
            placeholder="setBan, denied…"
          />
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <Table
          caption="Audit log"
          columns={COLUMNS}
          rows={audit?.result ?? []}
          rowKey={(e) => e.id}
          empty="Nothing recorded yet."
        />
        <Pagination
          page={page}
          pages={Math.max(1, Math.ceil((audit?.total ?? 0) / AUDIT_PAGE_SIZE))}
          onChange={setPage}
          summary={countOf(audit?.total ?? 0, 'entry', 'entries')}
        />
      </Card>
    </>
  );
}
