import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Pagination } from '../../components/Pagination';
import { ToggleGroup } from '../../components/ToggleGroup';
import { listLogs, type LogEvent } from '../../lib/developer-api';
import { formatUtc, LOGS_FETCH_LIMIT, LOGS_PAGE_SIZE, logsFetchOf, pageCount } from '../../lib/developers';
import { errorMessage } from '../../lib/messaging-api';
import { LogDetail } from './LogDetail';
import { LOG_FILTERS, LOG_TYPE_TONE, logSummary, type LogFilter } from './log-summary';
import './developers.css';

/** /developers/logs: the product's API calls and events, 500 fetched at a time, 50 a page. */
export default function LogsPage() {
  const [filter, setFilter] = useState<LogFilter>('all');
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(0);
  const [rows, setRows] = useState<LogEvent[] | null>(null);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<LogEvent | null>(null);
  const [stamp, setStamp] = useState(0);
  // The 500-event fetches already made for the current filter, by fetch page.
  const cache = useRef(new Map<string, LogEvent[]>());

  const load = useCallback(async (f: LogFilter, p: number) => {
    const { fetchPage, offset } = logsFetchOf(p);
    const key = `${f}:${fetchPage}`;
    setError('');
    try {
      let list = cache.current.get(key);
      if (!list) {
        const res = await listLogs(fetchPage, f === 'all' ? undefined : f, LOGS_FETCH_LIMIT);
        list = res.list;
        cache.current.set(key, list);
        setCount(res.count);
      }
      setRows(list.slice(offset, offset + LOGS_PAGE_SIZE));
    } catch (e) {
      setError(errorMessage(e));
      setRows([]);
    }
  }, []);
  useEffect(() => void load(filter, page), [load, filter, page, stamp]);

  // The chosen event, else the newest one shown.
  const shown = (selected && rows?.some((r) => r.id === selected.id) ? selected : rows?.[0]) ?? null;
  const refresh = () => {
    cache.current.clear();
    setRows(null);
    setStamp((s) => s + 1);
  };
  const changeFilter = (f: LogFilter) => {
    cache.current.clear();
    setFilter(f);
    setPage(1);
    setRows(null);
    setSelected(null);
  };

  return (
    <Card>
      <div className="w-dev-toolbar">
        <ToggleGroup label="Event type" value={filter} options={LOG_FILTERS} onChange={changeFilter} />
        <Button variant="secondary" size="sm" onClick={refresh}>
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
                    <button type="button" className="w-logs__row" aria-current={shown?.id === e.id || undefined} onClick={() => setSelected(e)}>
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
          <Pagination page={page} pages={pageCount(count, LOGS_PAGE_SIZE)} onChange={setPage} summary={`${count} ${count === 1 ? 'event' : 'events'}`} label="Event pages" />
        </section>
        <section className="w-logs__detail" aria-label="Event detail">
          <LogDetail event={shown} />
        </section>
      </div>
    </Card>
  );
}
