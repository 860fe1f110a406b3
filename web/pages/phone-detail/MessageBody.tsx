import { Icon } from '../../components/Icon';
import { DEV_MSG } from '../../lib/dev-messages';
import type { ChatMessage } from '../../stores/phone-chat';
import { FormattedText } from './FormattedText';
import { ButtonsCard, ContactCards, LinkPreview, LocationCard, PollCard, TemplateCard } from './MessageCards';

const IMAGE = /\.(png|jpe?g|gif|webp)(\?|$)/i;
const VIDEO = /\.(mp4|mov|webm|3gp)(\?|$)/i;
const AUDIO = /\.(ogg|opus|mp3|m4a|aac|wav)(\?|$)/i;
const STICKER = /\.webp(\?|$)/i;

/** The kind a message shows as; sent media is told apart by its MIME type or file name. */
export function displayType(m: ChatMessage): string {
  if (m.type === 'chat') return 'text';
  if (m.type === 'audio') return 'ptt';
  if (m.type === 'multi_vcard' || m.type === 'contact') return 'vcard';
  if (m.type !== 'media') return m.type;
  const is = (re: RegExp, mime: string) =>
    m.mime ? m.mime.startsWith(mime) : re.test(m.filename ?? '') || re.test(m.url ?? '');
  if (is(STICKER, 'image/webp')) return 'sticker';
  if (is(IMAGE, 'image/')) return 'image';
  if (is(VIDEO, 'video/')) return 'video';
  if (is(AUDIO, 'audio/')) return 'ptt';
  return 'document';
}

function FileLink({ url, icon, text }: { url: string | undefined; icon: 'play' | 'file'; text: string }) {
  if (!url) return <span className="w-msg__file">{text}</span>;
  return (
    <a className="w-msg__file" href={url} target="_blank" rel="noopener noreferrer">
      <Icon name={icon} size={18} />
      {text}
    </a>
  );
}

/** What a message about another message says (reactions, edits, deletions, forwards, group events). */
function notice(m: ChatMessage): string | null {
  const text = m.text ?? '';
  switch (m.type) {
    case 'reaction':
      return text ? `Reacted ${text}` : 'Removed a reaction';
    case 'edit':
      return `Edited: ${text}`;
    case 'delete':
    case 'revoked':
      return 'This message was deleted';
    case 'forward':
      return 'Forwarded a message';
    case 'product':
      return `Product ${String(m.productId ?? '')}`;
    case 'info':
      return `Group: ${String(m.subtype ?? '').replace('group/', '')} ${String(m.participant ?? '').split('@')[0]}`.trim();
    default:
      return null;
  }
}

/** The content of a chat message of any type the API sends or receives; unknown types say so. */
export function MessageBody({ message: m }: { message: ChatMessage }) {
  const caption = m.caption ? <FormattedText text={m.caption} /> : null;
  const kind = displayType(m);
  switch (kind) {
    case 'text':
      return <FormattedText text={m.text ?? ''} />;
    case 'image':
    case 'sticker':
      return (
        <>
          {m.url ? (
            <a
              href={m.url}
              target="_blank"
              rel="noopener noreferrer"
              className={kind === 'sticker' ? 'w-msg__sticker' : 'w-msg__image'}
            >
              <img src={m.url} alt={m.caption || (kind === 'sticker' ? 'Sticker' : 'Image')} loading="lazy" />
            </a>
          ) : (
            <span className="w-msg__file">{kind === 'sticker' ? 'Sticker' : 'Image'}</span>
          )}
          {caption}
        </>
      );
    case 'video':
      return (
        <>
          {m.url ? (
            <video
              className="w-msg__video"
              src={m.url}
              controls
              preload="metadata"
              aria-label={m.filename || 'Video'}
            />
          ) : null}
          <FileLink url={m.url} icon="play" text={m.filename || 'Video'} />
          {caption}
        </>
      );
    case 'ptt':
      return m.url ? (
        <audio className="w-msg__audio" src={m.url} controls preload="metadata" aria-label="Voice message" />
      ) : (
        <FileLink url={m.url} icon="play" text="Voice message" />
      );
    case 'document':
      return (
        <>
          <FileLink url={m.url} icon="file" text={m.filename || 'Document'} />
          {caption}
        </>
      );
    case 'location':
      return <LocationCard m={m} />;
    case 'vcard':
      return <ContactCards m={m} />;
    case 'poll':
      return <PollCard m={m} />;
    case 'buttons':
      return <ButtonsCard m={m} />;
    case 'link':
      return <LinkPreview m={m} />;
    case 'template':
      return <TemplateCard m={m} />;
    default: {
      const said = notice(m);
      return said !== null ? (
        <p className="w-msg__text w-msg__notice">{said}</p>
      ) : (
        <p className="w-msg__text w-msg__unsupported">{DEV_MSG.unsupportedMessage(m.type)}</p>
      );
    }
  }
}
