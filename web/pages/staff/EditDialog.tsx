import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { Action } from '../../lib/use-action';

export interface EditDialogProps {
  title: string;
  /** Saves the form; its button reads Saved or Error for 2 s. */
  action: Action<[]>;
  /** The first problem with the fields, or '' when they may be saved. */
  validate: () => string;
  onClose: () => void;
  children: ReactNode;
}

/** A staff editor in a modal: the fields, the validation or save error, Save and Close (4-admin §2). */
export function EditDialog({ title, action, validate, onClose, children }: EditDialogProps) {
  const [invalid, setInvalid] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validate();
    setInvalid(problem);
    if (!problem) void action.run();
  };
  return (
    <Modal open title={title} onClose={onClose} size="md">
      <form className="staff-subs__form" onSubmit={submit} noValidate>
        {children}
        {(invalid || action.error) && <Alert tone="error">{invalid || action.error}</Alert>}
        <div className="staff__filters">
          <Button type="submit" loading={action.busy}>
            {action.savedLabel}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </Modal>
  );
}
