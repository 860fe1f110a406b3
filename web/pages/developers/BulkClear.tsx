import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { ProgressBar } from '../../components/ProgressBar';
import { Table, type Column } from '../../components/Table';
import { DEV_MSG } from '../../lib/dev-messages';
import { BULK_ACCEPT, bulkPhoneIds, isBulkFile, isSpreadsheet, textFirstColumn } from '../../lib/developers';
import { errorMessage } from '../../lib/messaging-api';

/** The wait between two clears of a bulk clear (3-developer §2.1, §9). */
export const BULK_CLEAR_GAP_MS = 3_000;

/** A bulk clear's outcome for one phone (3-developer §3). */
export interface BulkResult {
  phoneId: number;
  success: boolean;
  message: string;
}

/** The first column of an imported file; spreadsheets are read with SheetJS, loaded only now. */
export async function readFirstColumn(file: File): Promise<unknown[]> {
  if (!isSpreadsheet(file.name)) return textFirstColumn(await file.text());
  const XLSX = await import('xlsx');
  const book = XLSX.read(await file.arrayBuffer(), { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, raw: false }).map((row) => row[0]);
}

/** What a clear call's answer says (3-developer §8): cleared, 'Undefined' without a verdict, or the error. */
export async function clearOutcome(clear: () => Promise<{ success?: boolean }>): Promise<Omit<BulkResult, 'phoneId'>> {
  try {
    const res = await clear();
    if (res.success === undefined) return { success: false, message: DEV_MSG.bulkUndefined };
    return res.success ? { success: true, message: DEV_MSG.bulkCleared } : { success: false, message: DEV_MSG.bulkError('not cleared') };
  } catch (e) {
    return { success: false, message: DEV_MSG.bulkError(errorMessage(e)) };
  }
}

export interface BulkClearProps {
  /** Ids of the account's phones: only these are valid. */
  accountIds: readonly number[];
  /** Clears one phone's queue (`GET /{phoneId}/purgeQueue`). */
  clear: (phoneId: number) => Promise<{ success?: boolean }>;
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
  const [fileName, setFileName] = useState('');
  const [parsed, setParsed] = useState<{ ids: number[]; invalid: number } | null>(null);
  const [error, setError] = useState('');
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<BulkResult[]>([]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const pick = async (file: File | undefined) => {
    setParsed(null);
    setResults([]);
    setError('');
    if (!file) return;
    setFileName(file.name);
    if (!isBulkFile(file.name)) return setError(DEV_MSG.bulkParseError);
    let column: unknown[];
    try {
      column = await readFirstColumn(file);
    } catch {
      return setError(DEV_MSG.bulkParseError);
    }
    const res = bulkPhoneIds(column, new Set(accountIds));
    if (res.ok) setParsed({ ids: res.ids, invalid: res.invalid });
    else setError(res.message);
  };

  const run = async () => {
    if (!parsed) return;
    setRunning(true);
    setResults([]);
    for (const [i, phoneId] of parsed.ids.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
      if (!alive.current) return;
      const outcome = await clearOutcome(() => clear(phoneId));
      if (!alive.current) return;
      setResults((r) => [...r, { phoneId, ...outcome }]);
    }
    setRunning(false);
  };

  const total = parsed?.ids.length ?? 0;
  return (
    <div className="w-dev-stack">
      <p className="w-muted">
        Import a .csv, .txt, .xlsx or .xls file with phone IDs in its first column. The queue of every listed phone of yours is cleared, one phone every{' '}
        {gapMs / 1000} {gapMs === 1000 ? 'second' : 'seconds'}.
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
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {fileName && <span className="w-muted">{fileName}</span>}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {parsed && (
        <Alert tone="info">
          {total} valid phone {total === 1 ? 'ID' : 'IDs'} found{parsed.invalid ? `; ${parsed.invalid} invalid or unknown skipped` : ''}.
        </Alert>
      )}
      {parsed && (
        <div className="w-form__actions">
          <Button variant="danger" loading={running} onClick={() => void run()}>
            <Icon name="trash" size={16} />
            Clear {total} {total === 1 ? 'queue' : 'queues'}
          </Button>
        </div>
      )}
      {(running || results.length > 0) && <ProgressBar value={total ? (results.length / total) * 100 : 0} label="Bulk clear" stage={`${results.length} of ${total} phones`} />}
      {results.length > 0 && <Table caption="Bulk clear results" columns={COLUMNS} rows={results} rowKey={(r) => r.phoneId} empty="" />}
    </div>
  );
}
