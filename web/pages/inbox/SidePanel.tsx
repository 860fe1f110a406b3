import { Badge } from '../../components/Badge';
import { dateTime } from '../../lib/clock';
import type { InboxConversation } from '../../stores/inbox';
import type { InboxNote } from '../../stores/inbox-extras';
import type { ContactEdit, TeamContact, TeamLabel } from '../../stores/inbox/team-types';
import { ContactPanel } from './ContactPanel';
import { lineLabel } from './line';
import { NoteComposer, type Mentionable } from './NoteComposer';

export interface SidePanelProps {
  conversation: InboxConversation;
  notes: InboxNote[];
  history: InboxConversation[];
  onNote: (text: string) => Promise<void>;
  onOpen: (id: string) => void;
  contact?: TeamContact | null;
  labels?: TeamLabel[];
  people?: Mentionable[];
  onSaveContact?: (edit: ContactEdit) => Promise<string>;
}

/** Beside a conversation: the contact (shown and edited), private notes with mentions and the customer's conversations on the account's other lines (its own past ones are in the contact). */
export function SidePanel({
  conversation: c,
  notes,
  history,
  onNote,
  onOpen,
  contact = null,
  labels = [],
  people = [],
  onSaveContact = async () => '',
}: SidePanelProps) {
  return (
    <aside className="w-chat__aside">
      <ContactPanel conversation={c} contact={contact} labels={labels} onSave={onSaveContact} />
      <section aria-label="On other lines">
        <h3>On other lines</h3>
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
        <NoteComposer people={people} onNote={onNote} />
      </section>
    </aside>
  );
}
