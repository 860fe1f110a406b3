import { Icon } from '../../components/Icon';
import { DEV_MSG } from '../../lib/dev-messages';
import type { ChatMessage } from '../../stores/chat';

const IMAGE = /\.(png|jpe?g|gif|webp)(\?|$)/i;
const VIDEO = /\.(mp4|mov|webm|3gp)(\?|$)/i;
const AUDIO = /\.(ogg|opus|mp3|m4a|aac|wav)(\?|$)/i;

/** The kind a message shows as; sent media is told apart by its file name. */
export function displayType(m: ChatMessage): string {
  if (m.type === 'chat') return 'text';
  if (m.type === 'sticker') return 'image';
  if (m.type === 'audio') return 'ptt';
  if (m.type !== 'media') return m.type;
  const is = (re: RegExp, mime: string) => re.test(m.filename ?? '') || re.test(m.url ?? '') || Boolean(m.mime?.startsWith(mime));
  if (is(IMAGE, 'image/')) return 'image';
  if (is(VIDEO, 'video/')) return 'video';
  if (is(AUDIO, 'audio/')) return 'ptt';
  return 'document';
}

function FileLink({ url, icon, text }: { url: string | undefined; icon: 'play' | 'file' | 'chat'; text: string }) {
  if (!url) return <span className="w-msg__file">{text}</span>;
  return (
    <a className="w-msg__file" href={url} target="_blank" rel="noopener noreferrer">
      <Icon name={icon} size={18} />
      {text}
    </a>
  );
}

/** A location payload `lat,long` as a map link. */
function mapUrl(payload: string): string | null {
  const [lat, lon] = payload.split(',').map(Number);
  return Number.isFinite(lat) && Number.isFinite(lon) ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}` : null;
}

/** The content of a chat message: text, media links, a location, contact cards, or the unsupported notice. */
export function MessageBody({ message: m }: { message: ChatMessage }) {
  const caption = m.caption ? <p className="w-msg__text">{m.caption}</p> : null;
  switch (displayType(m)) {
    case 'text':
      return <p className="w-msg__text">{m.text ?? ''}</p>;
    case 'image':
      return (
        <>
          {m.url ? (
            <a href={m.url} target="_blank" rel="noopener noreferrer" className="w-msg__image">
              <img src={m.url} alt={m.caption || 'Image'} loading="lazy" />
            </a>
          ) : (
            <span className="w-msg__file">Image</span>
          )}
          {caption}
        </>
      );
    case 'video':
      return (
        <>
          <FileLink url={m.url} icon="play" text={m.filename || 'Video'} />
          {caption}
        </>
      );
    case 'ptt':
      return <FileLink url={m.url} icon="play" text="Voice message" />;
    case 'document':
      return (
        <>
          <FileLink url={m.url} icon="file" text={m.filename || 'Document'} />
          {caption}
        </>
      );
    case 'location': {
      const url = mapUrl(m.payload ?? '');
      return (
        <span className="w-msg__file">
          <Icon name="pin" size={18} />
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {m.text || m.payload}
            </a>
          ) : (
            m.text || 'Location'
          )}
        </span>
      );
    }
    case 'vcard':
      return (
        <ul className="w-msg__cards">
          {(m.vcardList ?? []).map((c, i) => (
            <li key={i} className="w-msg__file">
              <Icon name="users" size={18} />
              {c.displayName}
            </li>
          ))}
        </ul>
      );
    default:
      return <p className="w-msg__text w-msg__unsupported">{DEV_MSG.unsupportedMessage(m.type)}</p>;
  }
}
