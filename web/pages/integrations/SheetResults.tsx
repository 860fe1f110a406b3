import { countOf } from '../../../src/shared/format';
import { Alert } from '../../components/Alert';
import { Badge, type Tone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Table } from '../../components/Table';
import { SHEETS_FAILURE, SHEETS_FAILURE_DETAIL, SHEETS_SUCCESS } from '../../../src/shared/google-messages';
import type { SheetSenderAnswer } from '../../stores/integrations';

const TONE: Record<string, Tone> = { queued: 'success', invalid: 'danger', failed: 'danger', 'not sent': 'neutral' };

const rows = (n: number) => (n === 1 ? '1 row is' : `${n} rows are`);

export interface SheetResultsProps {
  run: SheetSenderAnswer;
  onDownload: () => void;
}

/** A run's outcome (3-developer §8) and every row's result, with the download of the results. */
export function SheetResults({ run, onDownload }: SheetResultsProps) {
  return (
    <section className="w-pt-stack" aria-label="Results">
      {run.success ? (
        <Alert tone="success">
          {SHEETS_SUCCESS}: {countOf(run.queued, 'message')} queued
          {run.written_back ? '; the results are written to column H of the sheet.' : '.'}
        </Alert>
      ) : (
        <Alert tone="error">
          <strong>{SHEETS_FAILURE}</strong> {SHEETS_FAILURE_DETAIL}{' '}
          {run.invalid > 0 ? `${rows(run.invalid)} invalid, so nothing was queued.` : `${rows(run.failed)} not queued.`}
        </Alert>
      )}
      <div className="w-pt-row">
        <span className="w-muted">
          Queued {run.queued} · Invalid {run.invalid} · Failed {run.failed}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDownload}
          disabled={run.results.length === 0}
          title={run.results.length === 0 ? 'No results to download' : undefined}
        >
          Download results
        </Button>
      </div>
      <Table
        caption="Result of each row"
        rows={run.results}
        rowKey={(r) => r.row}
        empty="No results to download"
        columns={[
          { key: 'row', header: 'Row', cell: (r) => r.row, align: 'end' },
          { key: 'type', header: 'Type', cell: (r) => r.type },
          { key: 'to', header: 'Recipient', cell: (r) => r.to_number },
          {
            key: 'status',
            header: 'Result',
            cell: (r) => <Badge tone={TONE[r.status] ?? 'neutral'}>{r.status}</Badge>,
          },
          { key: 'detail', header: 'Detail', cell: (r) => r.error ?? r.message_id ?? '', wrap: true },
        ]}
      />
    </section>
  );
}
