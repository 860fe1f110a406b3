import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { dateTime } from '../../lib/clock';
import type { InboxConversation } from '../../stores/inbox';
import type { ContactEdit, TeamContact, TeamLabel } from '../../stores/inbox/team-types';
import { LabelChips } from './LabelChips';
import { lineLabel } from './line';

export interface ContactPanelProps {
  conversation: InboxConversation;
  /** The contact as `GET /api/live/contacts/{chatId}` reads it; null while it loads or when it cannot be read. */
  contact: TeamContact | null;
  labels: TeamLabel[];
  /** Saves the edit; resolves to the refusal's message, empty when saved. */
  onSave: (edit: ContactEdit) => Promise<string>;
}

type Row = { key: string; value: string };
const rowsOf = (a: Record<string, string>): Row[] => Object.entries(a).map(([key, value]) => ({ key, value }));

/** The contact: name, number, e-mail, attributes and labels (editable), the line, and its past conversations. */
export function ContactPanel({ conversation: c, contact, labels, onSave }: ContactPanelProps) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: '', email: '', rows: [] as Row[] });
  const [error, setError] = useState('');
  const edit = () => {
    setForm({ name: contact?.name ?? c.name, email: contact?.email ?? '', rows: rowsOf(contact?.attributes ?? {}) });
    setError('');
    setEditing(true);
  };
  const setRow = (i: number, r: Partial<Row>) =>
    setForm({ ...form, rows: form.rows.map((x, j) => (j === i ? { ...x, ...r } : x)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const attributes = Object.fromEntries(form.rows.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value]));
    void onSave({ name: form.name.trim(), email: form.email.trim(), attributes }).then((refused) => {
      setError(refused);
      if (!refused) setEditing(false);
    });
  };
  const attributes = Object.entries(contact?.attributes ?? {});
  return (
    <section aria-label="Contact" className="w-chat__contact">
      <h3>Contact</h3>
      {editing ? (
        <form className="w-team__contact-form" onSubmit={submit}>
          <label>
            Name
            <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </label>
          <label>
            E-mail
            <input type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          </label>
          <fieldset>
            <legend>Attributes</legend>
            {form.rows.map((r, i) => (
              <span key={i} className="w-team__attr">
                <input aria-label="Attribute" value={r.key} onChange={(e) => setRow(i, { key: e.target.value })} />
                <input aria-label="Value" value={r.value} onChange={(e) => setRow(i, { value: e.target.value })} />
                <button
                  type="button"
                  aria-label={`Remove ${r.key || 'attribute'}`}
                  onClick={() => setForm({ ...form, rows: form.rows.filter((_, j) => j !== i) })}
                >
                  ✕
                </button>
              </span>
            ))}
            <button
              type="button"
              className="w-team__link"
              onClick={() => setForm({ ...form, rows: [...form.rows, { key: '', value: '' }] })}
            >
              Add attribute
            </button>
          </fieldset>
          {error && (
            <p className="w-chat__file-error" role="alert">
              {error}
            </p>
          )}
          <span className="w-team__row">
            <Button type="submit" size="sm">
              Save contact
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </span>
        </form>
      ) : (
        <>
          <dl>
            <dt>Name</dt>
            <dd>{contact?.name || c.name}</dd>
            <dt>Number</dt>
            <dd>{c.number || c.chatId}</dd>
            <dt>E-mail</dt>
            <dd>{contact?.email || '—'}</dd>
            <dt>Line</dt>
            <dd>{lineLabel(c.line)}</dd>
            {attributes.map(([k, v]) => (
              <div key={k} className="w-team__pair">
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <LabelChips names={contact?.labels ?? []} labels={labels} />
          <Button size="sm" variant="secondary" onClick={edit} disabled={!contact}>
            Edit contact
          </Button>
        </>
      )}
      {contact && contact.conversations.length > 0 && (
        <>
          <h3>Past conversations</h3>
          <ul className="w-chat__history" aria-label="Past conversations">
            {contact.conversations.map((p) => (
              <li key={p.id}>
                <Badge tone="neutral">{p.status}</Badge> <small>{dateTime(p.created_at)}</small>
                {p.closed_at ? <small> → {dateTime(p.closed_at)}</small> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
