import { Icon } from '../../components/Icon';
import type { ChatMessage } from '../../stores/phone-chat';
import { FormattedText } from './FormattedText';

/** A location payload `lat,long` as a map link. */
function mapUrl(payload: string): string | null {
  const [lat, lon] = payload.split(',').map(Number);
  return Number.isFinite(lat) && Number.isFinite(lon)
    ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`
    : null;
}

/** The first phone number of a vCard, as written there. */
export function vcardPhone(vcard: string): string {
  return /^TEL[^:\n]*:([^\n\r]+)/im.exec(vcard)?.[1]?.trim() ?? '';
}

/** A location: its name and the coordinates as a map link. */
export function LocationCard({ m }: { m: ChatMessage }) {
  const url = mapUrl(m.payload ?? '');
  const label = m.text || m.payload || 'Location';
  return (
    <span className="w-msg__file">
      <Icon name="pin" size={18} />
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        label
      )}
    </span>
  );
}

/** Contact cards (vcard, multi_vcard) or a shared contact id (contact). */
export function ContactCards({ m }: { m: ChatMessage }) {
  const cards =
    m.type === 'contact'
      ? [{ displayName: `+${String(m.text ?? '').split('@')[0]}`, phone: '' }]
      : (m.vcardList ?? []).map((c) => ({ displayName: c.displayName, phone: vcardPhone(c.vcard) }));
  return (
    <ul className="w-msg__cards" aria-label="Contacts">
      {cards.map((c, i) => (
        <li key={i} className="w-msg__file">
          <Icon name="users" size={18} />
          <span>
            {c.displayName || c.phone || 'Contact'}
            {c.phone && c.displayName && <span className="w-msg__sub">{c.phone}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A poll: its question and options. */
export function PollCard({ m }: { m: ChatMessage }) {
  const options = Array.isArray(m.options) ? (m.options as unknown[]).map(String) : [];
  const single = m.only_one === true || m.selectableCount === 1;
  return (
    <div className="w-msg__poll">
      <strong>{m.text || 'Poll'}</strong>
      <span className="w-msg__sub">{single ? 'Select one' : 'Select one or more'}</span>
      <ul aria-label="Poll options">
        {options.map((o, i) => (
          <li key={i}>{o}</li>
        ))}
      </ul>
    </div>
  );
}

/** A buttons message: title, text, footer and the buttons (replies come back as texts). */
export function ButtonsCard({ m }: { m: ChatMessage }) {
  const buttons = Array.isArray(m.buttons) ? (m.buttons as { id?: unknown; text?: unknown }[]) : [];
  return (
    <div className="w-msg__buttons">
      {typeof m.title === 'string' && m.title && <strong>{m.title}</strong>}
      <FormattedText text={m.text ?? ''} />
      {typeof m.footer === 'string' && m.footer && <span className="w-msg__sub">{m.footer}</span>}
      <ul aria-label="Buttons">
        {buttons.map((b, i) => (
          <li key={i}>{String(b.text ?? b.id ?? '')}</li>
        ))}
      </ul>
    </div>
  );
}

/** A link with its preview: the title and the site it leads to. */
export function LinkPreview({ m }: { m: ChatMessage }) {
  const url = typeof m.url === 'string' && /^https?:\/\//i.test(m.url) ? m.url : '';
  if (!url) return <FormattedText text={m.text ?? ''} />;
  const title = typeof m.title === 'string' ? m.title : '';
  return (
    <a className="w-msg__link" href={url} target="_blank" rel="noopener noreferrer nofollow">
      <Icon name="link" size={18} />
      <span>
        <strong>{title || /^https?:\/\/([^/?#]+)/i.exec(url)?.[1]}</strong>
        <span className="w-msg__sub">{url}</span>
      </span>
    </a>
  );
}

/** A sent template (official numbers): its name, language and the values of its parameters, in order. */
export function TemplateCard({ m }: { m: ChatMessage }) {
  const t = (m.template ?? {}) as { name?: unknown; language?: unknown; parameters?: unknown };
  const parameters = Array.isArray(t.parameters) ? t.parameters.map(String) : [];
  return (
    <div className="w-msg__template">
      <span className="w-msg__sub">
        Template{typeof t.language === 'string' && t.language ? ` · ${t.language}` : ''}
      </span>
      <strong>{typeof t.name === 'string' ? t.name : 'template'}</strong>
      {parameters.length > 0 && (
        <ol aria-label="Template parameters">
          {parameters.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
