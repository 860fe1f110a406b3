import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Pagination } from '../../components/Pagination';
import { ToggleGroup } from '../../components/ToggleGroup';
import { formatUtc, LOGS_PAGE_SIZE, pageCount } from '../../lib/developers';
import { $logCount, $logError, $logFilter, $logPage, $logRows, $shownLog, chooseLog, filterLogs, openLogs, refreshLogs, showLogPage } from '../../stores/developers/logs';
import { LogDetail } from './LogDetail';
import { LOG_FILTERS, LOG_TYPE_TONE, logSummary } from './log-summary';
import './developers.css';

/** /developers/logs: the product's API calls and events, 500 fetched at a time, 50 a page. */
export default function LogsPage() {
  const filter = useStore($logFilter);
  const page = useStore($logPage);
  const count = useStore($logCount);
  const rows = useStore($logRows);
  const error = useStore($logError);
  const shown = useStore($shownLog);
  useEffect(openLogs, []);

  return (
    <Card>
      <div className="w-dev-toolbar">
        <ToggleGroup label="Event type" value={filter} options={LOG_FILTERS} onChange={filterLogs} />
        <Button variant="secondary" size="sm" onClick={refreshLogs}>
          <Icon name="refresh" size={16} />
          Refresh
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="w-logs">
        <section className="w-logs__list" aria-label="Events">
          {rows === null ? (
            <Loader label="Loading events…" />
          ) : rows.length === 0 ? (
            <p className="w-muted w-logs__placeholder">No events yet. Calls to the API and webhook deliveries show up here.</p>
          ) : (
            <ul className="w-logs__rows">
              {rows.map((e) => {
                const s = logSummary(e);
                return (
                  <li key={e.id}>
                    <button type="button" className="w-logs__row" aria-current={shown?.id === e.id || undefined} onClick={() => chooseLog(e)}>
                      <Chip tone={LOG_TYPE_TONE[e.type]}>{e.type}</Chip>
                      <span className="w-logs__title">{s.title}</span>
                      {s.code !== undefined && <span className="w-logs__code" data-bad={s.code >= 400 || undefined}>{s.code}</span>}
                      <span className="w-logs__meta">
                        #{e.id} · {formatUtc(e.created_at)}
                        {e.phone ? ` · phone ${e.phone}` : ''}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination page={page} pages={pageCount(count, LOGS_PAGE_SIZE)} onChange={showLogPage} summary={`${count} ${count === 1 ? 'event' : 'events'}`} label="Event pages" />
        </section>
        <section className="w-logs__detail" aria-label="Event detail">
          <LogDetail event={shown} />
        </section>
      </div>
    </Card>
  );
}
