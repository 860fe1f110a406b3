import { Chip } from '../../components/Badge';
import { Loader } from '../../components/Loader';
import { Pagination } from '../../components/Pagination';
import { formatUtc, LOGS_PAGE_SIZE, pageCount } from '../../lib/developers';
import type { LogEvent } from '../../stores/developers/logs';
import { LogDetail } from './LogDetail';
import { LOG_TYPE_TONE, logSummary } from './log-summary';

export interface LogBrowserProps {
  /** The current page's events; null while they load. */
  rows: LogEvent[] | null;
  shown: LogEvent | null;
  page: number;
  count: number;
  /** What the list says when there are no events. */
  empty: string;
  onChoose: (e: LogEvent) => void;
  onPage: (page: number) => void;
}

/** The event list (one page, with its pager) beside the chosen event's detail: the developer's logs and staff's view of a user's. */
export function LogBrowser({ rows, shown, page, count, empty, onChoose, onPage }: LogBrowserProps) {
  return (
    <div className="w-logs">
      <section className="w-logs__list" aria-label="Events">
        {rows === null ? (
          <Loader label="Loading events…" />
        ) : rows.length === 0 ? (
          <p className="w-muted w-logs__placeholder">{empty}</p>
        ) : (
          <ul className="w-logs__rows">
            {rows.map((e) => {
              const s = logSummary(e);
              return (
                <li key={e.id}>
                  <button
                    type="button"
                    className="w-logs__row"
                    aria-current={shown?.id === e.id || undefined}
                    onClick={() => onChoose(e)}
                  >
                    <Chip tone={LOG_TYPE_TONE[e.type]}>{e.type}</Chip>
                    <span className="w-logs__title">{s.title}</span>
                    {s.code !== undefined && (
                      <span className="w-logs__code" data-bad={s.code >= 400 || undefined}>
                        {s.code}
                      </span>
                    )}
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
        <Pagination
          page={page}
          pages={pageCount(count, LOGS_PAGE_SIZE)}
          onChange={onPage}
          summary={`${count} ${count === 1 ? 'event' : 'events'}`}
          label="Event pages"
        />
      </section>
      <section className="w-logs__detail" aria-label="Event detail">
        <LogDetail event={shown} />
      </section>
    </div>
  );
}
