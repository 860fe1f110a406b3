import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import type { CannedReply } from '../../stores/live-extras';
import { cannedQuery, EMOJI } from './emoji';

export interface ComposerProps {
  canned: CannedReply[];
  disabled?: boolean;
  /** Sends the text; resolves to whether it went (the field is then cleared). */
  onSend: (text: string) => Promise<boolean>;
}

/** The reply field: text with emoji, and canned replies offered when the text starts with `/`. */
export function Composer({ canned, disabled, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const [emoji, setEmoji] = useState(false);
  const q = cannedQuery(text);
  const matches = q === null ? [] : canned.filter((c) => c.shortcut.toLowerCase().startsWith(q)).slice(0, 6);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches.length > 0) return setText(matches[0]!.text);
    void onSend(text).then((sent) => sent && setText(''));
  };
  return (
    <form className="w-chat__composer" onSubmit={submit}>
      {matches.length > 0 && (
        <ul className="w-chat__canned" role="listbox" aria-label="Canned replies">
          {matches.map((c) => (
            <li key={c.id} role="option" aria-selected={false}>
              <button type="button" onClick={() => setText(c.text)}>
                <strong>/{c.shortcut}</strong> {c.text}
              </button>
            </li>
          ))}
        </ul>
      )}
      {emoji && (
        <div className="w-chat__emoji" role="group" aria-label="Emoji">
          {EMOJI.map((e) => (
            <button key={e} type="button" aria-label={`Insert ${e}`} onClick={() => setText((t) => t + e)}>
              {e}
            </button>
          ))}
        </div>
      )}
      <div className="w-chat__compose-row">
        <button type="button" className="w-chat__emoji-toggle" aria-label="Emoji" aria-expanded={emoji} onClick={() => setEmoji(!emoji)}>
          😊
        </button>
        <input aria-label="Message" value={text} disabled={disabled} onChange={(e) => setText(e.target.value)} placeholder="Type a message, / for canned replies" />
        <Button type="submit" disabled={disabled}>
          Send
        </Button>
      </div>
    </form>
  );
}
