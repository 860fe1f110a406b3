import { Link } from 'wouter';
import { Chip } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Alert } from '../../components/Alert';
import { Loader } from '../../components/Loader';
import { Table, type Column } from '../../components/Table';
import { doneCount, progressOf, shortTime, statusTone, type Campaign } from '../../lib/campaigns';
import { CAMPAIGN_TEXT as T } from './campaign-text';
import './campaigns.css';

/** The phones of a campaign by name, as the product's phone list names them. */
type PhoneNames = Readonly<Record<number, string>>;

function columns(phones: PhoneNames): Column<Campaign>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      wrap: true,
      cell: (c) => <Link href={`/campaigns/${c.id}`}>{c.name}</Link>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => (
        <Chip tone={statusTone(c.status)} dot>
          {c.status}
        </Chip>
      ),
    },
    {
      key: 'progress',
      header: 'Progress',
      cell: (c) => (
        <span className="w-campaigns__progress">
          <meter min={0} max={100} value={progressOf(c)} aria-label={`${c.name} progress`} />
          <span>
            {doneCount(c)} / {c.total}
          </span>
        </span>
      ),
    },
    {
      key: 'counts',
      header: 'Sent · Delivered · Read · Replied · Failed',
      wrap: true,
      cell: (c) => [c.counts.sent, c.counts.delivered, c.counts.read, c.counts.replied, c.counts.failed].join(' · '),
    },
    {
      key: 'when',
      header: 'Created / Started',
      cell: (c) => (
        <>
          {shortTime(c.created_at)}
          <br />
          <span className="w-muted">
            {c.started_at ? shortTime(c.started_at) : c.schedule_at ? `at ${shortTime(c.schedule_at)}` : '—'}
          </span>
        </>
      ),
    },
    {
      key: 'phones',
      header: 'Phones',
      wrap: true,
      cell: (c) => (c.phone_ids ?? []).map((id) => phones[id] ?? String(id)).join(', ') || '—',
    },
  ];
}

export interface CampaignListProps {
  /** null while loading. */
  campaigns: readonly Campaign[] | null;
  error: string;
  phones: PhoneNames;
  onRetry: () => void;
}

/** /campaigns: every campaign of the product with its status and progress; an invitation when there is none. */
export function CampaignList({ campaigns, error, phones, onRetry }: CampaignListProps) {
  const create = (
    <Link href="/campaigns/new" className={buttonClass('primary')}>
      {T.newCampaign}
    </Link>
  );
  if (error && !campaigns) {
    return (
      <Alert tone="error">
        {T.loadError} {error}{' '}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!campaigns) return <Loader />;
  if (campaigns.length === 0) {
    return (
      <Card title={T.emptyTitle} description={T.emptyText}>
        {create}
      </Card>
    );
  }
  return (
    <div className="w-campaigns">
      <div className="w-campaigns__bar">
        <p className="w-muted">{campaigns.length === 1 ? '1 campaign' : `${campaigns.length} campaigns`}</p>
        {create}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Card>
        <Table
          caption="Campaigns"
          columns={columns(phones)}
          rows={campaigns}
          rowKey={(c) => c.id}
          empty={T.emptyTitle}
          stack
        />
      </Card>
    </div>
  );
}
