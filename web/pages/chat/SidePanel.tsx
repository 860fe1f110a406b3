import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import type { LiveConversation } from '../../stores/live';
import type { LiveNote } from '../../stores/live-extras';

export interface SidePanelProps {
  notes: LiveNote[];
  history: LiveConversation[];
  onNote: (text: string) => Promise<void>;
  onOpen: (id: string) => void;
}

const day = (ms: number) => new Date(ms).toLocaleDateString();

/** Beside a conversation: private notes (never sent to the customer) and the customer's other conversations. */
export function SidePanel({ notes, history, onNote, onOpen }: SidePanelProps) {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) void onNote(text.trim()).then(() => setText(''));
  };
  return (
    <aside className="w-chat__aside">
      <section aria-label="Private notes">
        <h3>Private notes</h3>
        <ul className="w-chat__notes">
          {notes.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <small>
                {n.author} · {day(n.createdAt)}
              </small>
            </li>
          ))}
        </ul>
        <form className="w-chat__note-form" onSubmit={submit}>
          <textarea aria-label="Note" rows={2} value={text} onChange={(e) => setText(e.target.value)} placeholder="Only agents see notes" />
          <Button type="submit" size="sm" variant="secondary">
            Add note
          </Button>
        </form>
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
                  {h.lastMessage} <Badge tone="neutral">{h.state}</Badge> <small>{day(h.lastAt)}</small>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
