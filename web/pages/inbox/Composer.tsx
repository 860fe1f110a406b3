import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import type { InboxReply } from '../../stores/inbox';
import type { CannedReply } from '../../stores/inbox-extras';
import { attachError, readAsDataUri } from './attach';
import { cannedQuery, EMOJI } from './emoji';

export interface ComposerProps {
  canned: CannedReply[];
  disabled?: boolean;
  /** Sends the reply; resolves to whether it went (the field is then cleared). */
  onSend: (reply: InboxReply) => Promise<boolean>;
}

interface Attached {
  name: string;
  dataUri: string;
}

/**
 * The reply field: text with emoji, a file (sent as media, the text as its caption), and canned
 * replies offered when the text starts with `/`.
 */
export function Composer({ canned, disabled, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const [emoji, setEmoji] = useState(false);
  const [file, setFile] = useState<Attached | null>(null);
  const [fileError, setFileError] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const q = file ? null : cannedQuery(text);
  const matches = q === null ? [] : canned.filter((c) => c.shortcut.toLowerCase().startsWith(q)).slice(0, 6);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches.length > 0) return setText(matches[0]!.text);
    const reply: InboxReply = file
      ? { type: 'media', message: file.dataUri, filename: file.name, ...(text.trim() ? { text } : {}) }
      : { type: 'text', message: text };
    void onSend(reply).then((sent) => {
      if (!sent) return;
      setText('');
      setFile(null);
    });
  };
  const attach = async (chosen: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (!chosen) return;
    const error = attachError(chosen.size);
    setFileError(error);
    if (!error) setFile({ name: chosen.name, dataUri: await readAsDataUri(chosen) });
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
      {file && (
        <p className="w-chat__file">
          📎 <span>{file.name}</span>
          <button type="button" aria-label={`Remove ${file.name}`} onClick={() => setFile(null)}>
            ✕
          </button>
        </p>
      )}
      {fileError && (
        <p className="w-chat__file-error" role="alert">
          {fileError}
        </p>
      )}
      <div className="w-chat__compose-row">
        <button
          type="button"
          className="w-chat__emoji-toggle"
          aria-label="Emoji"
          aria-expanded={emoji}
          onClick={() => setEmoji(!emoji)}
        >
          😊
        </button>
        <button
          type="button"
          className="w-chat__emoji-toggle"
          aria-label="Attach a file"
          disabled={disabled}
          onClick={() => picker.current?.click()}
        >
          <Icon name="file" size={20} />
        </button>
        <input
          ref={picker}
          type="file"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          onChange={(e) => void attach(e.target.files?.[0])}
        />
        <input
          aria-label={file ? 'Caption' : 'Message'}
          data-shortcut="reply"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          placeholder={file ? 'Add a caption (optional)' : 'Type a message, / for canned replies'}
        />
        <Button type="submit" disabled={disabled}>
          Send
        </Button>
      </div>
    </form>
  );
}
