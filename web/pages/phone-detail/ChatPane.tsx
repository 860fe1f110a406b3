import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { DEV_MSG } from '../../lib/dev-messages';
import { formatUtc } from '../../lib/developers';
import { useAction } from '../../lib/use-action';
import type { ChatMessage } from '../../stores/phone-chat';
import { MessageBody } from './MessageBody';

const ACKS: Record<number, string> = { 1: 'delivered', 2: 'reached', 3: 'seen', 4: 'played' };

/** How a sent message stands: queued, sending, failed, or its ack. */
export function deliveryLabel(m: ChatMessage): string {
  if (m.status && m.status !== 'sent') return m.status;
  return (m.ack && ACKS[m.ack]) || 'sent';
}

export interface ChatPaneProps {
  title: string;
  chatId: string;
  messages: readonly ChatMessage[] | null;
  error: string;
  onRetry: () => void;
  onSend: (text: string) => Promise<void>;
  /** Back to the conversation list (narrow screens). */
  onBack: () => void;
}

/** One conversation: messages oldest first, scrolled to the newest, and a box to send a text. */
export function ChatPane({ title, chatId, messages, error, onRetry, onSend, onBack }: ChatPaneProps) {
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const sending = useAction(
    async (message: string) => {
      await onSend(message);
      setText('');
    },
    { errorText: (e) => (e instanceof Error ? e.message : String(e)) },
  );
  const sendError = empty ? DEV_MSG.emptyMessage : sending.error;
  const list = useRef<HTMLOListElement>(null);
  const last = messages?.at(-1)?.id;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last, chatId]);
  const send = () => {
    sending.clearError();
    setEmpty(!text.trim());
    if (text.trim()) void sending.run(text);
  };
  return (
    <section className="w-chat" aria-label={`Chat with ${title}`}>
      <header className="w-chat__head">
        <button type="button" className="w-icon-btn w-chat__back" aria-label="Back to conversations" onClick={onBack}>
          <Icon name="chevron" size={18} />
        </button>
        <div className="w-chat__who">
          <strong>{title}</strong>
          <span className="w-muted">{chatId}</span>
        </div>
      </header>
      {error ? (
        <div className="w-chat__state">
          <Alert tone="error">{error}</Alert>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : messages === null ? (
        <p className="w-chat__state w-muted">Loading messages…</p>
      ) : messages.length === 0 ? (
        <p className="w-chat__state w-muted">No messages yet. Say hello!</p>
      ) : (
        <ol className="w-chat__messages" ref={list} aria-label="Messages" aria-live="polite">
          {messages.map((m) => (
            <li key={String(m.id)} className="w-msg" data-me={m.fromMe || undefined}>
              <MessageBody message={m} />
              <span className="w-msg__meta">
                {formatUtc(m.timestamp)}
                {m.fromMe && ` · ${deliveryLabel(m)}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      <form
        className="w-chat__compose"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label className="w-sr-only" htmlFor="w-chat-text">
          Message
        </label>
        <textarea
          id="w-chat-text"
          className="w-input w-chat__input"
          rows={1}
          placeholder="Type a message"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setEmpty(false);
            sending.clearError();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
          aria-describedby={sendError ? 'w-chat-error' : undefined}
        />
        <Button type="submit" loading={sending.busy} disabled={!text.trim()} aria-label="Send message">
          <Icon name="send" size={16} />
        </Button>
      </form>
      {sendError && (
        <p className="w-field__error w-chat__error" id="w-chat-error" role="alert">
          {sendError}
        </p>
      )}
    </section>
  );
}
