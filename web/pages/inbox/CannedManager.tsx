import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { deleteCanned, saveCanned, type CannedReply } from '../../stores/inbox-extras';

const EMPTY = { shortcut: '', text: '' };

/** The account's canned replies: add, change and delete them (typed in the composer as `/shortcut`). */
export function CannedManager({
  open,
  canned,
  onClose,
}: {
  open: boolean;
  canned: CannedReply[];
  onClose: () => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [editing, setEditing] = useState<number | undefined>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setError('');
      return true;
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => saveCanned(form, editing)).then((saved) => {
      if (!saved) return;
      setForm(EMPTY);
      setEditing(undefined);
    });
  };
  return (
    <Modal open={open} title="Canned replies" onClose={onClose} size="md">
      <ul className="w-chat__canned-list" aria-label="Saved canned replies">
        {canned.length === 0 && <li>No canned replies yet.</li>}
        {canned.map((c) => (
          <li key={c.id}>
            <strong>/{c.shortcut}</strong>
            <p>{c.text}</p>
            <Button
              variant="secondary"
              onClick={() => (setEditing(c.id), setForm({ shortcut: c.shortcut, text: c.text }))}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => void run(() => deleteCanned(c.id))}
              aria-label={`Delete /${c.shortcut}`}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="w-form">
        <TextField
          label="Shortcut"
          value={form.shortcut}
          onChange={(shortcut) => setForm({ ...form, shortcut })}
          placeholder="hello"
          required
        />
        <TextField
          label="Text"
          value={form.text}
          onChange={(text) => setForm({ ...form, text })}
          placeholder="Hello! How can I help you?"
          required
        />
        {error && (
          <p className="w-chat__file-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          {editing ? 'Save changes' : 'Add canned reply'}
        </Button>
      </form>
    </Modal>
  );
}
