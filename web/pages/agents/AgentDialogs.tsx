import { AGENT_MSG } from '../../../src/shared/agent-messages';
import { Alert } from '../../components/Alert';
import { AlertModal } from '../../components/AlertModal';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { SaveButton } from '../../components/SaveButton';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import { useForm } from '../../lib/use-form';
import type { AgentEntry, AgentValues } from '../../stores/agents';
import { SubscriptionModal } from '../billing/SubscriptionModal';
import { validateAgent, type AgentFormMode } from './agent-form';

export interface AgentFormModalProps {
  mode: AgentFormMode;
  /** The agent being edited (update mode). */
  agent?: AgentEntry;
  onClose: () => void;
  /** Saves and answers the success message; a failure's text shows in the form. */
  onSave: (values: AgentValues) => Promise<string>;
  /** Shows the outcome after the form closes (a toast). */
  onDone: (message: string, ok: boolean) => void;
  /** The failure text of this mode ('Error' on update, the server's message on add). */
  errorText?: (e: unknown) => string;
}

/** The add and update forms of the agents screen (2-phones §2.4, §4.7). */
export function AgentFormModal({ mode, agent, onClose, onSave, onDone, errorText }: AgentFormModalProps) {
  const initial: AgentValues = {
    email: agent?.email ?? '',
    password: '',
    name: agent?.name ?? '',
    surname: agent?.surname ?? '',
  };
  const { values, errors, field, handleSubmit, formRef } = useForm<AgentValues>(initial, (v) => validateAgent(mode, v));
  const save = useAction(async (v: AgentValues) => onDone(await onSave(v), true), {
    label: mode === 'add' ? 'Add Agent' : 'Update',
    ...(errorText ? { errorText } : {}),
  });
  return (
    <Modal open title={mode === 'add' ? 'Add Agent' : 'Update Agent'} onClose={onClose} size="md">
      <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit((v) => void save.run(v))}>
        {save.error && <Alert tone="error">{save.error}</Alert>}
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="off"
          required={mode === 'add'}
          readOnly={mode === 'update'}
          value={values.email}
          onChange={field('email')}
          error={errors.email}
          data-autofocus={mode === 'add' || undefined}
        />
        <TextField
          label={mode === 'add' ? 'Password' : 'New password'}
          name="password"
          type="password"
          autoComplete="new-password"
          required={mode === 'add'}
          value={values.password}
          onChange={field('password')}
          error={errors.password}
          hint={
            mode === 'add'
              ? 'At least 6 characters. The agent can choose another from the mailed link.'
              : 'Leave empty to keep the current password.'
          }
        />
        <TextField
          label="Name"
          name="name"
          required={mode === 'update'}
          value={values.name}
          onChange={field('name')}
          error={errors.name}
          data-autofocus={mode === 'update' || undefined}
        />
        <TextField
          label="Surname"
          name="surname"
          required={mode === 'update'}
          value={values.surname}
          onChange={field('surname')}
          error={errors.surname}
        />
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

export interface DeleteAgentModalProps {
  agent: AgentEntry;
  onClose: () => void;
  onConfirm: () => Promise<string>;
  onDone: (message: string, ok: boolean) => void;
}

/** The delete confirmation; a failure reads 'Error' (2-phones §8). */
export function DeleteAgentModal({ agent, onClose, onConfirm, onDone }: DeleteAgentModalProps) {
  const remove = useAction(async () => onDone(await onConfirm(), true), {
    label: 'Delete',
    errorText: () => AGENT_MSG.error,
  });
  return (
    <AlertModal
      open
      title="Delete Agent"
      onClose={onClose}
      action={
        <Button variant="danger" loading={remove.busy} onClick={() => void remove.run()}>
          {remove.savedLabel}
        </Button>
      }
    >
      {remove.error && <Alert tone="error">{remove.error}</Alert>}
      <p>
        Delete the agent <strong>{agent.email}</strong>? They can no longer sign in to the live chat.
      </p>
    </AlertModal>
  );
}

/**
 * The dialog when the limit leaves no seat for another agent; it leads to the subscription page.
 * With one seat (Live Chat's '1 Phone - 1 Agent') it says that seat is the owner's and how to add more.
 */
export function AgentLimitModal({ onClose, ownerOnly = false }: { onClose: () => void; ownerOnly?: boolean }) {
  return (
    <SubscriptionModal title="Agent Limit" onClose={onClose}>
      {ownerOnly && <p>{AGENT_MSG.ownerSeat}</p>}
      <p>{AGENT_MSG.limitDialog}</p>
      {ownerOnly && <p>{AGENT_MSG.addSeats}</p>}
    </SubscriptionModal>
  );
}
