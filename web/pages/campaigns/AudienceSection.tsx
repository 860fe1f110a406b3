import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { Table } from '../../components/Table';
import { ToggleGroup } from '../../components/ToggleGroup';
import { TextAreaField } from './TextAreaField';
import {
  countLabel,
  RECIPIENT_STATUSES,
  parsePastedAudience,
  rowsToAudience,
  type AudienceEntry,
  type Campaign,
  type FilePreview,
} from '../../lib/campaigns';
import type { AudienceSource, CampaignFormValues } from '../../lib/campaign-form';
import { errorMessage } from '../../lib/messaging-api';

/** What the chosen source gives: the recipients seen (a file's first rows), how many in all, and the file. */
export interface Audience {
  entries: AudienceEntry[];
  count: number;
  file: File | null;
}

export interface AudienceLoaders {
  /** Reads a file's columns and first rows (the preview-file call). */
  readFile: (file: File) => Promise<FilePreview>;
  /** A previous campaign's recipients of one status ('' for all). */
  loadPrevious: (id: string, status: string) => Promise<AudienceEntry[]>;
}

export interface AudienceSectionProps extends AudienceLoaders {
  values: Pick<CampaignFormValues, 'source' | 'pasted' | 'numberColumn'>;
  set: (patch: Partial<CampaignFormValues>) => void;
  /** The product's campaigns, to reuse one's recipients. */
  campaigns: readonly Campaign[];
  onAudience: (a: Audience) => void;
  error?: string | undefined;
}

const SOURCES = [
  { value: 'paste', label: 'Paste' },
  { value: 'file', label: 'Upload CSV/xlsx' },
  { value: 'previous', label: 'Previous campaign' },
] as const satisfies readonly { value: AudienceSource; label: string }[];

const NUMBER_HEADER = /number|phone|mobile|tel|whatsapp/i;

/** Who gets the campaign: a pasted list, an uploaded file with its number column, or a previous campaign's recipients. */
export function AudienceSection({
  values,
  set,
  campaigns,
  onAudience,
  error,
  readFile,
  loadPrevious,
}: AudienceSectionProps) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [previous, setPrevious] = useState<AudienceEntry[] | null>(null);
  const [pick, setPick] = useState({ id: '', status: '' });
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState('');
  const pasted = useMemo(() => parsePastedAudience(values.pasted), [values.pasted]);
  const audience = useMemo((): Audience => {
    if (values.source === 'paste') return { entries: pasted.recipients, count: pasted.recipients.length, file: null };
    if (values.source === 'file') {
      const entries = preview && values.numberColumn ? rowsToAudience(preview.rows, values.numberColumn) : [];
      return { entries, count: preview ? (preview.total ?? preview.rows.length) : 0, file };
    }
    return { entries: previous ?? [], count: previous?.length ?? 0, file: null };
  }, [values.source, values.numberColumn, pasted, preview, previous, file]);
  useEffect(() => {
    onAudience(audience);
  }, [audience, onAudience]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setLoadError('');
    try {
      await work();
    } catch (e) {
      setLoadError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const chooseFile = (f: File | null) => {
    setFile(f);
    setPreview(null);
    set({ numberColumn: '' });
    if (!f) return;
    void run(async () => {
      const p = await readFile(f);
      setPreview(p);
      set({ numberColumn: p.columns.find((c) => NUMBER_HEADER.test(c)) ?? p.columns[0] ?? '' });
    });
  };
  const shown = error || loadError;
  return (
    <fieldset className="w-campaign-form__set">
      <legend>Audience</legend>
      <ToggleGroup
        label="Audience source"
        value={values.source}
        options={SOURCES}
        onChange={(source) => set({ source })}
      />
      {values.source === 'paste' && (
        <TextAreaField
          label="Numbers"
          rows={6}
          value={values.pasted}
          placeholder={'number,name\n905301234567,Ayşe\n905301234568,Mehmet'}
          onChange={(pasted) => set({ pasted })}
          invalid={Boolean(shown)}
          hint={
            <>
              One number per line with its country code. Add columns (comma, semicolon or tab) with a header line to
              give each recipient variables: the header names them, e.g. {'{{name}}'}.
              {pasted.recipients.length > 0 &&
                ` ${pasted.recipients.length} recipients${pasted.columns.length ? `, variables: ${pasted.columns.join(', ')}` : ''}.`}
              {pasted.blank.length > 0 && ` Lines without a number are left out: ${pasted.blank.join(', ')}.`}
            </>
          }
        />
      )}
      {values.source === 'file' && (
        <>
          <div className="w-field">
            <label className="w-field__label" htmlFor={fileId}>
              File
            </label>
            <input
              id={fileId}
              aria-describedby={`${fileId}-hint`}
              type="file"
              className="w-input"
              accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
            />
            <span className="w-field__hint" id={`${fileId}-hint`}>
              A CSV or Excel file with a header row; up to 100,000 rows.
            </span>
          </div>
          {busy && <p className="w-muted">Reading the file…</p>}
          {preview && (
            <>
              <SelectField
                label="Number column"
                value={values.numberColumn}
                onChange={(numberColumn) => set({ numberColumn })}
                placeholder="Choose a column"
                options={preview.columns.map((c) => ({ value: c, text: c }))}
                hint={`The other columns become variables. ${preview.total ?? preview.rows.length} rows.`}
              />
              <Table
                caption="First rows of the file"
                columns={preview.columns.map((c) => ({
                  key: c,
                  header: c === values.numberColumn ? `${c} (number)` : `{{${c}}}`,
                  cell: (r: Record<string, string>) => r[c] ?? '',
                }))}
                rows={preview.rows.slice(0, 5)}
                rowKey={(r) => preview.rows.indexOf(r)}
                empty="The file has no rows."
              />
            </>
          )}
        </>
      )}
      {values.source === 'previous' && (
        <div className="w-form__grid">
          <SelectField
            label="Campaign"
            value={pick.id}
            onChange={(id) => setPick({ ...pick, id })}
            placeholder="Choose a campaign"
            options={campaigns.map((c) => ({ value: String(c.id), text: `${c.name} (${c.total})` }))}
          />
          <SelectField
            label="Recipients with status"
            value={pick.status}
            onChange={(status) => setPick({ ...pick, status })}
            placeholder="All"
            options={RECIPIENT_STATUSES.map((k) => ({ value: k, text: countLabel(k) }))}
          />
          <div className="w-form__actions">
            <Button
              variant="secondary"
              disabled={!pick.id}
              loading={busy}
              onClick={() => void run(async () => setPrevious(await loadPrevious(pick.id, pick.status)))}
            >
              Load recipients
            </Button>
            {previous && <span className="w-muted">{previous.length} recipients loaded.</span>}
          </div>
        </div>
      )}
      {shown && (
        <p className="w-field__error" role="alert">
          {shown}
        </p>
      )}
    </fieldset>
  );
}
