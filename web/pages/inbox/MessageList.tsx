import { useEffect, useRef } from 'react';
import { needsTemplate, TEMPLATE_NEEDED } from '../../../src/shared/cloud';
import { clockTime, dateTime } from '../../lib/clock';
import type { InboxMessage } from '../../stores/inbox';

/** A reply's ticks from its acks (1 delivered, 2 reached, 3 seen): a clock while still queued. */
function tick(m: InboxMessage): { mark: string; read: boolean; title: string } {
  if (m.status === 'failed') return { mark: '!', read: false, title: `Not sent${failure(m) ? `: ${failure(m)}` : ''}` };
  const ack = Number((m as { ack?: unknown }).ack ?? 0);
  if (ack >= 3) return { mark: '✓✓', read: true, title: 'Read' };
  if (ack >= 1) return { mark: '✓✓', read: false, title: 'Delivered' };
  if (m.status === 'held') return { mark: '🕓', read: false, title: 'Held by ban protection until a budget frees' };
  return m.status === 'sent'
    ? { mark: '✓', read: false, title: 'Sent' }
    : { mark: '🕓', read: false, title: 'Waiting to be sent' };
}

/** Why a reply was not sent, when it says. */
function failure(m: InboxMessage): string {
  const e = (m as { error?: unknown }).error;
  return typeof e === 'string' ? e : '';
}

/** What a message shows: its text, caption, or its type in brackets. */
function messageText(m: InboxMessage): string {
  const x = m as InboxMessage & { text?: unknown; caption?: unknown; type?: unknown };
  return String(x.text ?? x.caption ?? `[${String(x.type ?? 'message')}]`);
}

function Tick({ mark, read, title }: { mark: string; read: boolean; title: string }) {
  return (
    <span className={read ? 'w-chat__tick w-chat__tick--read' : 'w-chat__tick'} title={title} aria-label={title}>
      {mark}
    </span>
  );
}

/** A conversation's messages, oldest first, kept scrolled to the newest; replies carry their ticks. */
export function MessageList({ messages }: { messages: InboxMessage[] }) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <ol className="w-chat__messages" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id} className={m.fromMe ? 'w-chat__msg w-chat__msg--me' : 'w-chat__msg'}>
          {messageText(m)}
          <span className="w-chat__meta">
            <time title={dateTime(m.timestamp)}>{clockTime(m.timestamp)}</time>
            {m.fromMe && <Tick {...tick(m)} />}
          </span>
          {m.fromMe && m.status === 'failed' && needsTemplate(failure(m)) && (
            <span className="w-chat__failed">{TEMPLATE_NEEDED}</span>
          )}
        </li>
      ))}
      <li ref={end} aria-hidden="true" className="w-chat__end" />
    </ol>
  );
}
