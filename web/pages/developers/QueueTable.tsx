import { countOf } from '../../../src/shared/format';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Pagination } from '../../components/Pagination';
import { Table, type Column } from '../../components/Table';
import { DEV_MSG } from '../../lib/dev-messages';
import { pageCount, pageSlice } from '../../lib/developers';
import type { QueueRow } from '../../stores/developers/queues';
import { StatusChip } from '../phones/StatusChip';

/** Rows of the queue table per page (3-developer §2.1, §9). */
const QUEUE_PAGE_SIZE = 50;

export interface QueueTableProps {
  rows: readonly QueueRow[];
  onClear: (row: QueueRow) => void;
}

/** True when a row matches the search text (id or number). */
function matches(row: QueueRow, q: string): boolean {
  return !q || String(row.id).includes(q) || row.number.includes(q.replace(/^\+/, ''));
}

/** The Messages Queue table: id, number, status, queue and sending, 50 a page, with a search box. */
export function QueueTable({ rows, onClear }: QueueTableProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = search.trim();
  const shown = rows.filter((r) => matches(r, q));
  const pages = pageCount(shown.length, QUEUE_PAGE_SIZE);
  const at = Math.min(page, pages);
  const columns: Column<QueueRow>[] = [
    { key: 'id', header: 'ID', cell: (r) => r.id },
    { key: 'number', header: 'Number', cell: (r) => (r.number ? `+${r.number}` : '–') },
    { key: 'status', header: 'Status', cell: (r) => <StatusChip status={r.status} /> },
    {
      key: 'queue',
      header: 'Queue',
      align: 'end',
      cell: (r) =>
        r.queue > 0 ? (
          <Badge tone="warning" label={`${r.queue} queued messages`}>
            {r.queue}
          </Badge>
        ) : (
          0
        ),
    },
    { key: 'sending', header: 'Sending', align: 'end', cell: (r) => r.sending ?? (r.queue > 0 ? '…' : 0) },
    {
      key: 'actions',
      header: <span className="w-sr-only">Actions</span>,
      align: 'end',
      cell: (r) => (
        <Button
          size="sm"
          variant="secondary"
          disabled={r.queue === 0}
          onClick={() => onClear(r)}
          aria-label={`Clear queue of phone ${r.id}`}
        >
          <Icon name="trash" size={16} />
          Clear
        </Button>
      ),
    },
  ];
  return (
    <div className="w-dev-stack">
      <div className="w-field w-dev-search">
        <label className="w-field__label" htmlFor="w-queue-search">
          Search
        </label>
        <input
          id="w-queue-search"
          className="w-input"
          type="search"
          placeholder="Phone ID or number"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
        />
      </div>
      <Table
        caption="Messages queue"
        columns={columns}
        rows={pageSlice(shown, at, QUEUE_PAGE_SIZE)}
        rowKey={(r) => r.id}
        empty={rows.length === 0 ? DEV_MSG.noConnectedPhone : DEV_MSG.noMatchingResults}
      />
      {shown.length > QUEUE_PAGE_SIZE && (
        <Pagination
          page={at}
          pages={pages}
          onChange={setPage}
          summary={countOf(shown.length, 'phone')}
          label="Queue pages"
        />
      )}
    </div>
  );
}
