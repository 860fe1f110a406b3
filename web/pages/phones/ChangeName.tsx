import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { SaveButton, useSavedLabel } from '../../components/SaveButton';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/messaging-api';
import { PHONE_NAME_MAX } from '../../lib/phones';

export interface ChangeNameProps {
  name: string;
  onSave: (name: string) => Promise<void>;
}

/** Renames the phone (max 20 characters); the button says 'Saved' for 2 s after a save. */
export function ChangeName({ name, onSave }: ChangeNameProps) {
  const [value, setValue] = useState(name);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [saved, markSaved] = useSavedLabel();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError('');
    try {
      await onSave(value.trim());
      markSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="w-tool w-name-form" onSubmit={(e) => void submit(e)}>
      <TextField
        label="Phone name"
        name="phoneName"
        value={value}
        onChange={(v) => setValue(v.slice(0, PHONE_NAME_MAX))}
        maxLength={PHONE_NAME_MAX}
        placeholder="e.g. Support line"
        hint={`${value.length}/${PHONE_NAME_MAX} characters`}
        autoComplete="off"
      />
      <SaveButton saving={saving} saved={saved} disabled={value.trim() === name} />
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}
