import { countOf } from '../../../src/shared/format';
import { CSV_TYPE } from '../../../src/shared/csv';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PhonePicker } from '../../components/PhonePicker';
import { TextField } from '../../components/TextField';
import { checkSheetRow, isHeaderRow } from '../../../src/shared/sheet-rows';
import type { PageProps } from '../page-props';
import { readCampaignFile, resultsCsv, sendSheet, type SheetSenderAnswer } from '../../stores/integrations';
import { $toolPhones, loadToolPhones } from '../../stores/tools';
import { GoogleAccount } from './GoogleAccount';
import { SheetFormat } from './SheetFormat';
import { SheetResults } from './SheetResults';
import { useGoogle } from './use-google';
import '../tools/phone-tools.css';
import './integrations.css';

type SendState = 'idle' | 'pending' | 'success' | 'failure';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: CSV_TYPE }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/** How many rows of an uploaded file are wrong, checked before anything is sent. */
function invalidRows(rows: unknown[][]): number {
  return rows.filter((r, i) => !(i === 0 && isHeaderRow(r)) && checkSheetRow(r).kind === 'invalid').length;
}

/** /integrations and /integrations/sheets: the Google Sheets sender, also for an uploaded .xlsx / .csv. */
export default function SheetsPage({ route }: PageProps) {
  const google = useGoogle(route.path === '/integrations' ? '/integrations' : '/integrations/sheets');
  const phones = useStore($toolPhones);
  const [phoneId, setPhoneId] = useState('');
  const [sheet, setSheet] = useState('');
  const [file, setFile] = useState<{ name: string; rows: unknown[][] } | null>(null);
  const [fileError, setFileError] = useState('');
  const [state, setState] = useState<SendState>('idle');
  const [error, setError] = useState('');
  const [run, setRun] = useState<SheetSenderAnswer | null>(null);
  useEffect(() => void loadToolPhones(), []);
  const email = google.status?.linked ? google.status.email : '';

  const send = async (input: { spreadsheetId?: string; rows?: unknown[][]; file_name?: string }) => {
    setState('pending');
    setError('');
    setRun(null);
    try {
      const answer = await sendSheet({ phoneID: phoneId, ...input });
      setRun(answer);
      setState(answer.success ? 'success' : 'failure');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState('failure');
    }
  };
  const submitSheet = (e: FormEvent) => {
    e.preventDefault();
    void send({ spreadsheetId: sheet.trim() });
  };
  const pick = async (picked: File | undefined) => {
    setFile(null);
    setFileError('');
    if (!picked) return;
    if (!/\.(xlsx|xls|csv)$/i.test(picked.name))
      return setFileError('Please upload only Excel files (.xlsx, .xls, .csv)');
    try {
      setFile({ name: picked.name, rows: await readCampaignFile(picked) });
    } catch (e) {
      setFileError(`Error reading the file: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const wrong = file ? invalidRows(file.rows) : 0;

  return (
    <div className="w-pt">
      <GoogleAccount
        status={google.status}
        error={google.error}
        onAuthorise={google.authorise}
        onUnlink={google.unlink}
      />
      <Card title="Phone">
        <PhonePicker phones={phones ?? []} value={phoneId} onChange={setPhoneId} placeholder="Select a phone" />
      </Card>
      <Card
        title="Send from a Google Sheet"
        description="Each row of the sheet's first tab becomes one message; the result of each row is written to column H."
      >
        <form className="w-pt-stack" onSubmit={submitSheet}>
          <TextField
            label="Google Sheets link"
            value={sheet}
            onChange={setSheet}
            placeholder="https://docs.google.com/spreadsheets/d/…"
            hint={email ? `Shared with ${email}` : 'Authorise your Google account first.'}
          />
          <div className="w-pt-row">
            <Button type="submit" loading={state === 'pending'} disabled={!sheet.trim() || !phoneId || !email}>
              Send
            </Button>
          </div>
        </form>
      </Card>
      <Card
        title="Or upload a file"
        description="An .xlsx, .xls or .csv in the same columns: every row is checked before anything is sent."
      >
        <div className="w-pt-stack">
          <label className="w-field w-int-file">
            <span className="w-field__label">Campaign file</span>
            <input type="file" accept=".xlsx,.xls,.csv" onChange={(e) => void pick(e.target.files?.[0])} />
          </label>
          {fileError && <Alert tone="error">{fileError}</Alert>}
          {file && (
            <p className="w-muted">{`${file.name}: ${countOf(file.rows.length, 'row')}${wrong ? `, ${wrong} invalid` : ''}`}</p>
          )}
          <div className="w-pt-row">
            <Button
              loading={state === 'pending'}
              disabled={!file || !phoneId}
              onClick={() => file && void send({ rows: file.rows, file_name: file.name })}
            >
              Send file
            </Button>
          </div>
        </div>
      </Card>
      <SheetFormat />
      {error && <Alert tone="error">{error}</Alert>}
      {run && (
        <SheetResults
          run={run}
          onDownload={() =>
            download(`${(file?.name ?? 'sheet').replace(/\.[^.]+$/, '')}_results.csv`, resultsCsv(run.results))
          }
        />
      )}
    </div>
  );
}
