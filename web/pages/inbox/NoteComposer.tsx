import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { insertMention, mentionQuery } from '../../stores/inbox/team-reducer';

/** Someone a note can mention: their name (as `@Name`) and e-mail. */
export interface Mentionable {
  name: string;
  email: string;
}

/** The private note field: `@` suggests the account's agents by name; the chosen one is written `@Name`. */
export function NoteComposer({ people, onNote }: { people: Mentionable[]; onNote: (text: string) => Promise<void> }) {
  const [text, setText] = useState('');
  const q = mentionQuery(text);
  const matches =
    q === null
      ? []
      : people
          .filter((p) => `${p.name} ${p.email}`.toLowerCase().replace(/\s+/g, '').includes(q) || p.email.startsWith(q))
          .slice(0, 6);
  const pick = (p: Mentionable) => setText(insertMention(text, p.name || p.email.split('@')[0]!));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches.length > 0) return pick(matches[0]!);
    if (text.trim()) void onNote(text.trim()).then(() => setText(''));
  };
  return (
    <form className="w-chat__note-form" onSubmit={submit}>
      {matches.length > 0 && (
        <ul className="w-chat__canned" role="listbox" aria-label="Mention">
          {matches.map((p) => (
            <li key={p.email} role="option" aria-selected={false}>
              <button type="button" onClick={() => pick(p)}>
                <strong>@{(p.name || p.email).replace(/\s+/g, '')}</strong> {p.email}
              </button>
            </li>
          ))}
        </ul>
      )}
      <textarea
        aria-label="Note"
        data-shortcut="note"
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
        }}
        placeholder="Only agents see notes; @ mentions a teammate"
      />
      <Button type="submit" size="sm" variant="secondary">
        Add note
      </Button>
    </form>
  );
}
