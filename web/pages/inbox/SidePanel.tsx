import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { dateTime } from '../../lib/clock';
import type { InboxConversation } from '../../stores/inbox';
import type { InboxNote } from '../../stores/inbox-extras';

export interface SidePanelProps {
  conversation: InboxConversation;
  notes: InboxNote[];
  history: InboxConversation[];
  onNote: (text: string) => Promise<void>;
  onOpen: (id: string) => void;
}

/** The phone line as the inbox names it: its name and number, or its id before it is linked. */
export function lineLabel(line: InboxConversation['line']): string {
  const parts = [line.name.trim(), line.number].filter(Boolean);
  return parts.length ? parts.join(' · ') : `Phone ${line.phoneId}`;
}

/** Beside a conversation: the contact (name, number, the line it came in on), private notes and the customer's earlier conversations. */
export function SidePanel({ conversation: c, notes, history, onNote, onOpen }: SidePanelProps) {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) void onNote(text.trim()).then(() => setText(''));
  };
  return (
    <aside className="w-chat__aside">
      <section aria-label="Contact" className="w-chat__contact">
        <h3>Contact</h3>
        <dl>
          <dt>Name</dt>
          <dd>{c.name}</dd>
          <dt>Number</dt>
          <dd>{c.number || c.chatId}</dd>
          <dt>Line</dt>
          <dd>{lineLabel(c.line)}</dd>
        </dl>
      </section>
      <section aria-label="Earlier conversations">
        <h3>Earlier conversations</h3>
        {history.length === 0 ? (
          <p className="w-chat__empty">None.</p>
        ) : (
          <ul className="w-chat__history">
            {history.map((h) => (
              <li key={h.id}>
                <button type="button" onClick={() => onOpen(h.id)}>
                  {h.lastMessage} <Badge tone="neutral">{h.state}</Badge> <small>{dateTime(h.lastAt)}</small>
                  <small className="w-chat__history-line">{lineLabel(h.line)}</small>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Private notes">
        <h3>Private notes</h3>
        <ul className="w-chat__notes">
          {notes.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <small>
                {n.author} · {dateTime(n.createdAt)}
              </small>
            </li>
          ))}
        </ul>
        <form className="w-chat__note-form" onSubmit={submit}>
          <textarea
            aria-label="Note"
            rows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Only agents see notes"
          />
          <Button type="submit" size="sm" variant="secondary">
            Add note
          </Button>
        </form>
      </section>
    </aside>
  );
}
