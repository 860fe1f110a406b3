import { Chip } from '../../components/Badge';
import { CodeBlock } from '../../components/CodeBlock';
import type { LogEvent } from '../../stores/developers/logs';
import { formatUtc } from '../../lib/developers';
import { LOG_TYPE_TONE } from './log-summary';

/** The detail panel of the logs page: event id, date, phone id and the raw data. */
export function LogDetail({ event }: { event: LogEvent | null }) {
  if (!event) return <p className="w-muted w-logs__placeholder">No event to show.</p>;
  return (
    <div className="w-dev-stack">
      <dl className="w-dev-facts">
        <div>
          <dt>Event ID</dt>
          <dd>{event.id}</dd>
        </div>
        <div>
          <dt>Date (UTC)</dt>
          <dd>{formatUtc(event.created_at)}</dd>
        </div>
        <div>
          <dt>Phone ID</dt>
          <dd>{event.phone ?? '–'}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>
            <Chip tone={LOG_TYPE_TONE[event.type]}>{event.type}</Chip>
          </dd>
        </div>
      </dl>
      <CodeBlock label="Raw data" code={JSON.stringify(event.data, null, 2)} />
    </div>
  );
}
