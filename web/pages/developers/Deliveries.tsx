import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { CodeBlock } from '../../components/CodeBlock';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Pagination } from '../../components/Pagination';
import { ToggleGroup } from '../../components/ToggleGroup';
import { DEV_MSG } from '../../lib/dev-messages';
import { listDeliveries, redeliver, type Delivery, type DeliveryPage, type DeliveryStatus } from '../../lib/developer-api';
import { formatUtc, pageCount, SNACKBAR_MS } from '../../lib/developers';
import { errorMessage } from '../../lib/messaging-api';
import { showToast } from '../../stores/toasts';

type Filter = DeliveryStatus | 'all';
const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'dead', label: 'Dead' },
] as const satisfies readonly { value: Filter; label: string }[];

const TONE = { pending: 'warning', delivered: 'success', dead: 'danger' } as const;

export interface DeliveryItemProps {
  delivery: Delivery;
  onRedeliver: (d: Delivery) => Promise<void>;
}

/** One delivery: status, event, target, attempts; opens to its payload and attempt history. */
export function DeliveryItem({ delivery: d, onRedeliver }: DeliveryItemProps) {
  const [busy, setBusy] = useState(false);
  return (
    <li className="w-delivery">
      <details>
        <summary className="w-delivery__sum">
          <Chip tone={TONE[d.status]} dot>
            {d.status}
          </Chip>
          <span className="w-delivery__kind">{d.kind}</span>
          <span className="w-delivery__url">{d.url}</span>
          <span className="w-muted w-delivery__meta">
            {formatUtc(d.created_at)} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
            {d.last_status !== null ? ` · HTTP ${d.last_status}` : ''}
          </span>
          <span className="w-delivery__chev">
            <Icon name="chevron" size={18} />
          </span>
        </summary>
        <div className="w-delivery__body">
          <dl className="w-dev-facts">
            <div>
              <dt>Event ID (webhook-id)</dt>
              <dd>{d.event_id}</dd>
            </div>
            <div>
              <dt>Phone ID</dt>
              <dd>{d.phone_id ?? '–'}</dd>
            </div>
            <div>
              <dt>{d.status === 'delivered' ? 'Delivered (UTC)' : 'Next attempt (UTC)'}</dt>
              <dd>{formatUtc(d.status === 'delivered' ? d.delivered_at : d.next_attempt_at)}</dd>
            </div>
            {d.last_error && (
              <div>
                <dt>Last error</dt>
                <dd>{d.last_error}</dd>
              </div>
            )}
          </dl>
          {d.history.length > 0 && (
            <ol className="w-delivery__history" aria-label="Attempts">
              {d.history.map((a, i) => (
                <li key={i}>
                  <span>{formatUtc(a.at)}</span>
                  <Chip tone={a.status_code !== null && a.status_code < 300 ? 'success' : 'danger'}>{a.status_code ?? 'no answer'}</Chip>
                  <span className="w-muted">
                    {a.duration_ms ?? '–'} ms{a.error ? ` · ${a.error}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <CodeBlock label="Payload" code={JSON.stringify(d.payload, null, 2)} />
          {d.status !== 'pending' && (
            <Button
              size="sm"
              variant="secondary"
              loading={busy}
              onClick={() => {
                setBusy(true);
                void onRedeliver(d).finally(() => setBusy(false));
              }}
            >
              <Icon name="redeploy" size={16} />
              Redeliver
            </Button>
          )}
        </div>
      </details>
    </li>
  );
}

/** Deliveries: the webhook outbox with its attempts; delivered and dead events can be sent again. */
export function Deliveries() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<DeliveryPage | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async (f: Filter, p: number) => {
    try {
      setData(await listDeliveries(p, f));
      setError('');
    } catch (e) {
      setError(errorMessage(e));
    }
  }, []);
  useEffect(() => void load(filter, page), [load, filter, page]);
  const again = async (d: Delivery) => {
    try {
      await redeliver(d.id);
      showToast(`Event ${d.event_id} is queued for delivery again.`, 'success', SNACKBAR_MS);
      await load(filter, page);
    } catch (e) {
      showToast(errorMessage(e), 'error', SNACKBAR_MS);
    }
  };
  return (
    <div className="w-dev-stack">
      <div className="w-dev-toolbar">
        <ToggleGroup
          label="Delivery status"
          value={filter}
          options={FILTERS}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
            setData(null);
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => void load(filter, page)}>
          <Icon name="refresh" size={16} />
          Refresh
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {!data ? (
        !error && <Loader label="Loading deliveries…" />
      ) : data.list.length === 0 ? (
        <p className="w-muted w-dev-empty">{DEV_MSG.noMatchingResults}</p>
      ) : (
        <ul className="w-delivery-list">
          {data.list.map((d) => (
            <DeliveryItem key={d.id} delivery={d} onRedeliver={again} />
          ))}
        </ul>
      )}
      {data && data.total > data.limit && <Pagination page={page} pages={pageCount(data.total, data.limit)} onChange={setPage} summary={`${data.total} deliveries`} label="Delivery pages" />}
    </div>
  );
}
