import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { SelectField } from '../../components/SelectField';
import { Table, type Column } from '../../components/Table';
import { countLabel, RECIPIENT_STATUSES, type CampaignRecipient } from '../../lib/campaigns';
import { CAMPAIGN_TEXT as T } from './campaign-text';

const COLUMNS: Column<CampaignRecipient>[] = [
  { key: 'number', header: 'Number', cell: (r) => r.number },
  { key: 'status', header: 'Status', cell: (r) => countLabel(r.status) },
  {
    key: 'variables',
    header: 'Variables',
    wrap: true,
    cell: (r) =>
      Object.entries(r.variables ?? {})
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ') || '—',
  },
  { key: 'msg', header: 'Message id', wrap: true, cell: (r) => r.msg_id || '—' },
  { key: 'error', header: 'Error', wrap: true, cell: (r) => r.error || '—' },
];

export interface RecipientsTableProps {
  rows: readonly CampaignRecipient[] | null;
  /** The status shown, '' for all. */
  status: string;
  onStatus: (status: string) => void;
  /** 1-based. */
  page: number;
  hasNext: boolean;
  onPage: (step: -1 | 1) => void;
  error: string;
  onDownload: () => void;
  downloading?: boolean;
}

/** A campaign's recipients, one status or all, a page at a time; and the whole list as CSV. */
export function RecipientsTable(p: RecipientsTableProps) {
  return (
    <div className="w-campaign__recipients">
      <div className="w-campaigns__bar">
        <SelectField
          label="Status"
          value={p.status}
          onChange={p.onStatus}
          placeholder="All"
          options={RECIPIENT_STATUSES.map((k) => ({ value: k, text: countLabel(k) }))}
        />
        <Button variant="secondary" onClick={p.onDownload} loading={p.downloading}>
          <Icon name="download" size={16} />
          {T.downloadCsv}
        </Button>
      </div>
      {p.error && <p className="w-field__error">{p.error}</p>}
      <Table
        caption={T.recipients}
        columns={COLUMNS}
        rows={p.rows ?? []}
        rowKey={(r) => r.number}
        empty={p.rows ? T.noRecipients : 'Loading…'}
        stack
      />
      <nav className="w-pager" aria-label="Recipient pages">
        <span className="w-pager__controls">
          <button
            type="button"
            className="w-icon-btn w-pager__prev"
            aria-label="Previous page"
            disabled={p.page <= 1}
            onClick={() => p.onPage(-1)}
          >
            <Icon name="chevron" size={18} />
          </button>
          <span className="w-pager__where" aria-live="polite">
            Page {p.page}
          </span>
          <button
            type="button"
            className="w-icon-btn w-pager__next"
            aria-label="Next page"
            disabled={!p.hasNext}
            onClick={() => p.onPage(1)}
          >
            <Icon name="chevron" size={18} />
          </button>
        </span>
      </nav>
    </div>
  );
}
