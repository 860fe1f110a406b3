import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { AlertModal } from '../../components/AlertModal';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { SaveButton } from '../../components/SaveButton';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import type { InboxLabel, LabelValues } from '../../stores/inbox-owner/labels';
import { LABEL_NAME_MAX, SWATCHES, validateLabel } from './label-form';

/** The fixed swatches as a radio group: one colour is picked. */
function SwatchPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <div className="w-field">
      <span className="w-field__label" id="label-color">
        Color
      </span>
      <div className="w-swatches" role="radiogroup" aria-labelledby="label-color">
        {SWATCHES.map((s) => (
          <button
            key={s.color}
            type="button"
            role="radio"
            aria-checked={s.color === value}
            aria-label={s.name}
            className="w-swatch"
            style={{ background: s.color }}
            onClick={() => onChange(s.color)}
          />
        ))}
      </div>
    </div>
  );
}

export interface LabelFormModalProps {
  /** The label renamed or recoloured; none to create one. */
  label?: InboxLabel;
  /** The account's other labels (their names are taken). */
  others: readonly InboxLabel[];
  onClose: () => void;
  /** Saves; rejects with an Error whose message is shown in the form. */
  onSave: (values: LabelValues) => Promise<void>;
}

/** Creates a label, or renames and recolours one. */
export function LabelFormModal({ label, others, onClose, onSave }: LabelFormModalProps) {
  const [values, setValues] = useState<LabelValues>({
    name: label?.name ?? '',
    color: label?.color ?? SWATCHES[0].color,
  });
  const [tried, setTried] = useState(false);
  const error = tried ? validateLabel(values, others).name : undefined;
  const save = useAction(async (v: LabelValues) => onSave(v), { label: label ? 'Save' : 'Create label' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!validateLabel(values, others).name) void save.run(values);
  };
  return (
    <Modal open title={label ? 'Edit label' : 'New label'} onClose={onClose} size="md">
      <form className="w-form" noValidate onSubmit={submit}>
        {save.error && <Alert tone="error">{save.error}</Alert>}
        <TextField
          label="Name"
          required
          maxLength={LABEL_NAME_MAX + 10}
          value={values.name}
          onChange={(name) => setValues((v) => ({ ...v, name }))}
          error={error}
          data-autofocus
        />
        <SwatchPicker value={values.color} onChange={(color) => setValues((v) => ({ ...v, color }))} />
        <div className="w-form__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SaveButton action={save} />
        </div>
      </form>
    </Modal>
  );
}

/** Confirms deleting a label. */
export function DeleteLabelModal({
  label,
  onClose,
  onConfirm,
}: {
  label: InboxLabel;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const remove = useAction(onConfirm, { label: 'Delete' });
  return (
    <AlertModal
      open
      title="Delete label"
      onClose={onClose}
      action={
        <Button variant="danger" loading={remove.busy} onClick={() => void remove.run()}>
          {remove.savedLabel}
        </Button>
      }
    >
      {remove.error && <Alert tone="error">{remove.error}</Alert>}
      <p>
        Delete the label <strong>{label.name}</strong> from every conversation?
      </p>
    </AlertModal>
  );
}
