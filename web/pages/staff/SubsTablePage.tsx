import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { SubsRow } from '../../../src/shared/schemas/staff/subs';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Pagination } from '../../components/Pagination';
import { Table, type Column } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { $subsError, $subsTable, loadSubsTable, savePackage, SUBS_PAGE_SIZE } from '../../stores/staff-subs';
import { PackageDialog } from './PackageDialog';
import './staff-subs.css';

const used = (n: number, limit: number) => `${n} / ${limit}`;

/** `/yta/substable`: owners with subscriptions, their limits and use; Edit opens the package editor (not for reseller or enterprise rows). */
export default function SubsTablePage() {
  const data = useStore($subsTable);
  const error = useStore($subsError);
  const [page, setPage] = useState(1);
  const [email, setEmail] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => void loadSubsTable(page, email.trim()), [page, email]);
  const row = data?.result.find((r) => r.pid === editing);
  const columns: readonly Column<SubsRow>[] = [
    { key: 'owner', header: 'owner', cell: (r) => `${r.owner_id}`, align: 'end' },
    { key: 'email', header: 'email', cell: (r) => r.owner_email, wrap: true },
    { key: 'package', header: 'package', cell: (r) => r.package ?? '–' },
    { key: 'agents', header: 'agents', cell: (r) => used(r.agents, r.agent_limit), align: 'end' },
    { key: 'phones', header: 'phones', cell: (r) => used(r.phones, r.phone_limit), align: 'end' },
    { key: 'instagrams', header: 'instagrams', cell: (r) => used(r.instagrams, r.instagram_limit), align: 'end' },
    {
      key: 'kind',
      header: 'kind',
      cell: (r) => (
        <span className="staff-subs__flags">
          {r.is_reseller && <Badge tone="info">reseller</Badge>}
          {r.is_enterprise && <Badge tone="warning">enterprise</Badge>}
        </span>
      ),
    },
    {
      key: 'edit',
      header: <span className="w-sr-only">Edit</span>,
      cell: (r) => {
        const locked = r.is_reseller || r.is_enterprise;
        return (
          <Button
            size="sm"
            variant="secondary"
            disabled={locked}
            title={locked ? 'Reseller and enterprise packages cannot be edited here.' : undefined}
            onClick={() => setEditing(r.pid)}
            aria-label={`Edit ${r.owner_email}`}
          >
            Edit
          </Button>
        );
      },
    },
  ];
  return (
    <Card title="Subs Table" className="staff-subs">
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
        caption="Subscriptions"
        columns={columns}
        rows={data?.result ?? []}
        rowKey={(r) => r.pid}
        empty={data ? 'No subscription matches.' : 'Loading…'}
      />
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil((data?.total ?? 0) / SUBS_PAGE_SIZE))}
        onChange={setPage}
        summary={countOf(data?.total ?? 0, 'owner')}
        label="Subscription pages"
      />
      {row && <PackageDialog row={row} save={savePackage} onClose={() => setEditing(null)} />}
    </Card>
  );
}
