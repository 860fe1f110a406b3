import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ProgressBar } from '../../components/ProgressBar';
import {
  COUNT_NAMES,
  countLabel,
  doneCount,
  etaText,
  progressOf,
  shortTime,
  statusTone,
  type Campaign,
  type Reading,
} from '../../lib/campaigns';
import { CampaignChart } from './CampaignChart';
import './campaigns.css';

export type CampaignAction = 'pause' | 'resume' | 'cancel';

export interface CampaignViewProps {
  campaign: Campaign;
  readings: readonly Reading[];
  /** The action in flight, if any. */
  busy: CampaignAction | null;
  onAction: (a: CampaignAction) => void;
  /** The recipients table. */
  recipients: ReactNode;
  now?: number;
}

/** The actions a status allows. */
function actionsOf(status: string): CampaignAction[] {
  if (status === 'running') return ['pause', 'cancel'];
  if (status === 'paused') return ['resume', 'cancel'];
  if (status === 'scheduled') return ['cancel'];
  return [];
}

const ACTION_LABEL: Record<CampaignAction, string> = { pause: 'Pause', resume: 'Resume', cancel: 'Cancel' };

/** A campaign's page: status, progress and ETA, its counts, the chart, the actions and the recipients. */
export function CampaignView({
  campaign: c,
  readings,
  busy,
  onAction,
  recipients,
  now = Date.now(),
}: CampaignViewProps) {
  const finished = c.status === 'completed' || c.status === 'cancelled';
  return (
    <div className="w-campaign">
      <Link href="/campaigns" className="w-muted">
        ← All campaigns
      </Link>
      <div className="w-campaigns__bar">
        <h2 className="w-campaign__title">
          {c.name}{' '}
          <Chip tone={statusTone(c.status)} dot>
            {c.status}
          </Chip>
        </h2>
        <div className="w-form__actions">
          {actionsOf(c.status).map((a) => (
            <Button
              key={a}
              variant={a === 'cancel' ? 'danger' : 'secondary'}
              loading={busy === a}
              disabled={busy !== null}
              onClick={() => onAction(a)}
            >
              {ACTION_LABEL[a]}
            </Button>
          ))}
        </div>
      </div>
      <Card>
        <ProgressBar
          label="Campaign progress"
          value={progressOf(c)}
          stage={`${doneCount(c)} of ${c.total} recipients`}
        />
        <dl className="w-campaign__facts">
          <div>
            <dt>{finished ? 'Finished' : 'ETA'}</dt>
            <dd>
              {finished
                ? shortTime(c.finished_at)
                : c.status === 'scheduled'
                  ? `starts ${shortTime(c.schedule_at)}`
                  : etaText(c.eta, now)}
            </dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{shortTime(c.started_at)}</dd>
          </div>
          <div>
            <dt>Recipients</dt>
            <dd>{c.total}</dd>
          </div>
        </dl>
      </Card>
      <ul className="w-campaign__counts" aria-label="Counts">
        {COUNT_NAMES.map((k) => (
          <li key={k} className="w-card" data-count={k}>
            <span>{countLabel(k)}</span>
            <strong>{c.counts[k]}</strong>
          </li>
        ))}
      </ul>
      <Card>
        <CampaignChart readings={readings} />
      </Card>
      <Card title="Recipients">{recipients}</Card>
    </div>
  );
}
