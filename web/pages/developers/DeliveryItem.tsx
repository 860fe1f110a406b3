import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { CodeBlock } from '../../components/CodeBlock';
import { Icon } from '../../components/Icon';
import { formatUtc } from '../../lib/developers';
import { useAction } from '../../lib/use-action';
import type { Delivery } from '../../stores/developers/deliveries';

const TONE = { pending: 'warning', delivered: 'success', dead: 'danger' } as const;

export interface DeliveryItemProps {
  delivery: Delivery;
  onRedeliver: (d: Delivery) => Promise<void>;
}

/** One delivery: status, event, target, attempts; opens to its payload and attempt history. */
export function DeliveryItem({ delivery: d, onRedeliver }: DeliveryItemProps) {
  const send = useAction(() => onRedeliver(d));
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
                  <Chip tone={a.status_code !== null && a.status_code < 300 ? 'success' : 'danger'}>
                    {a.status_code ?? 'no answer'}
                  </Chip>
                  <span className="w-muted">
                    {a.duration_ms ?? '–'} ms{a.error ? ` · ${a.error}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <CodeBlock label="Payload" code={JSON.stringify(d.payload, null, 2)} />
          {d.status !== 'pending' && (
            <Button size="sm" variant="secondary" loading={send.busy} onClick={() => void send.run()}>
              <Icon name="redeploy" size={16} />
              Redeliver
            </Button>
          )}
        </div>
      </details>
    </li>
  );
}
