import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { ProgressBar } from '../../components/ProgressBar';
import { Table, type Column } from '../../components/Table';
import { BULK_ACCEPT } from '../../lib/developers';
import {
  $bulk,
  BULK_CLEAR_GAP_MS,
  pickBulkFile,
  resetBulkClear,
  runBulkClear,
  type BulkResult,
  type ClearQueue,
} from '../../stores/developers/bulk-clear';

export interface BulkClearProps {
  /** Ids of the account's phones: only these are valid. */
  accountIds: readonly number[];
  /** Clears one phone's queue; the queue store's purge by default. */
  clear?: ClearQueue;
  /** Wait between clears; stories shorten it. */
  gapMs?: number;
}

const COLUMNS: Column<BulkResult>[] = [
  { key: 'id', header: 'Phone ID', cell: (r) => r.phoneId },
  {
    key: 'result',
    header: 'Result',
    wrap: true,
    cell: (r) => (
      <Chip tone={r.success ? 'success' : 'danger'} dot>
        {r.message}
      </Chip>
    ),
  },
];

/** Bulk Clear Queue: import a file of phone ids, then clear each valid phone's queue, 3 s apart. */
export function BulkClear({ accountIds, clear, gapMs = BULK_CLEAR_GAP_MS }: BulkClearProps) {
  const { fileName, parsed, error, running, results } = useStore($bulk);
  useEffect(() => {
    resetBulkClear();
    return resetBulkClear;
  }, []);

  const total = parsed?.ids.length ?? 0;
  return (
    <div className="w-dev-stack">
      <p className="w-muted">
        Import a .csv, .txt, .xlsx or .xls file with phone IDs in its first column. The queue of every listed phone of
        yours is cleared, one phone every {gapMs / 1000} {gapMs === 1000 ? 'second' : 'seconds'}.
      </p>
      <div className="w-form__actions">
        <label className="w-btn w-btn--secondary w-file">
          <Icon name="upload" size={16} />
          Import file
          <input
            type="file"
            accept={BULK_ACCEPT}
            className="w-sr-only"
            disabled={running}
            onChange={(e) => {
              void pickBulkFile(e.target.files?.[0], accountIds);
              e.target.value = '';
            }}
          />
        </label>
        {fileName && <span className="w-muted">{fileName}</span>}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {parsed && (
        <Alert tone="info">
          {total} valid phone {total === 1 ? 'ID' : 'IDs'} found
          {parsed.invalid ? `; ${parsed.invalid} invalid or unknown skipped` : ''}.
        </Alert>
      )}
      {parsed && (
        <div className="w-form__actions">
          <Button variant="danger" loading={running} onClick={() => void runBulkClear(clear, gapMs)}>
            <Icon name="trash" size={16} />
            Clear {total} {total === 1 ? 'queue' : 'queues'}
          </Button>
        </div>
      )}
      {(running || results.length > 0) && (
        <ProgressBar
          value={total ? (results.length / total) * 100 : 0}
          label="Bulk clear"
          stage={`${results.length} of ${countOf(total, 'phone')}`}
        />
      )}
      {results.length > 0 && (
        <Table caption="Bulk clear results" columns={COLUMNS} rows={results} rowKey={(r) => r.phoneId} empty="" />
      )}
    </div>
  );
}
