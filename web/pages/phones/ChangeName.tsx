import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { SaveButton } from '../../components/SaveButton';
import { TextField } from '../../components/TextField';
import { PHONE_NAME_MAX } from '../../lib/phones';
import { useAction } from '../../lib/use-action';

export interface ChangeNameProps {
  name: string;
  onSave: (name: string) => Promise<void>;
}

/** Renames the phone (max 20 characters); the button says 'Saved' for 2 s after a save. */
export function ChangeName({ name, onSave }: ChangeNameProps) {
  const [value, setValue] = useState(name);
  const save = useAction(() => onSave(value.trim()));
  return (
    <form
      className="w-tool w-name-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
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
      <SaveButton action={save} disabled={value.trim() === name} />
      {save.error && <Alert tone="error">{save.error}</Alert>}
    </form>
  );
}
