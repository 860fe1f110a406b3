import { Chip } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { DEV_MSG } from '../../lib/dev-messages';
import { formatUtc } from '../../lib/developers';
import { phoneTitle, phoneTypeLabel, type Phone } from '../../lib/phones';

export interface ProfileCardProps {
  phone: Phone;
  /** null while the status call has not answered. */
  connected: boolean | null;
  photo: string | null;
  onLogout: () => void;
}

/** The phone's picture, name and number, its connection chip and the logout action, over its info grid. */
export function ProfileCard({ phone, connected, photo, onLogout }: ProfileCardProps) {
  const title = phoneTitle(phone);
  const facts: [string, string][] = [
    ['Phone ID', String(phone.id)],
    ['Number', phone.number ? `+${phone.number}` : '–'],
    ['Status', phone.status],
    ['Engine version', phone.version || '–'],
    ['Mobile proxy', phone.proxy ? (phone.proxyRegion ?? 'India') : 'Off'],
    ['Type', phoneTypeLabel(phone)],
    ['Added (UTC)', formatUtc(phone.created_at)],
    ['Updated (UTC)', formatUtc(phone.updated_at)],
  ];
  return (
    <section className="w-card w-pd-profile" aria-labelledby="w-pd-title">
      <div className="w-pd-profile__head">
        {photo ? (
          <img className="w-pd-avatar" src={photo} alt="" width={64} height={64} />
        ) : (
          <span className="w-pd-avatar" aria-hidden="true">
            <Icon name="phone" size={28} />
          </span>
        )}
        <div className="w-pd-profile__who">
          <h2 className="w-card__title" id="w-pd-title">
            {title}
          </h2>
          <span className="w-muted">{phone.number ? `+${phone.number}` : 'No number'}</span>
          <span className="w-pd-profile__chips">
            {connected === null ? (
              <Chip>Checking…</Chip>
            ) : (
              <Chip tone={connected ? 'success' : 'danger'} dot>
                {connected ? DEV_MSG.connected : DEV_MSG.disconnected}
              </Chip>
            )}
            {phone.data.sandbox && <Chip>sandbox</Chip>}
          </span>
        </div>
        <Button variant="secondary" size="sm" onClick={onLogout}>
          <Icon name="logout" size={16} />
          Logout
        </Button>
      </div>
      <dl className="w-dev-facts w-pd-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
