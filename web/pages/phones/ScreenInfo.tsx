import { proxyLabel, statusLabel, type Phone } from '../../lib/phones';

export interface ScreenInfoProps {
  phone: Phone;
  status: string;
  queue: number;
}

/** Below the live screen: the phone's facts. */
export function ScreenInfo({ phone, status, queue }: ScreenInfoProps) {
  const rows: [string, string][] = [
    ['Number', phone.number ? `+${phone.number}` : '—'],
    ['Phone ID', String(phone.id)],
    ['Status', statusLabel(status)],
    ['Queue', String(queue)],
    ['Mobile proxy', phone.proxy ? proxyLabel(phone.proxyRegion) : 'none'],
    ['Version', phone.version || '—'],
  ];
  return (
    <div className="w-screen-info">
      <dl className="w-facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
