import type { ReactNode } from 'react';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useAction } from '../../lib/use-action';
import { deleteTrial, reactivate, undoCancel } from '../../stores/billing';
import { failText, type DialogHost } from './dialogs';
import type { Entry } from './entries';
import { dollars } from './packages';

interface ConfirmProps {
  title: string;
  body: ReactNode;
  confirm: string;
  danger?: boolean;
  work: () => Promise<string>;
  errorText: (e: unknown) => string;
  host: DialogHost;
}

/** A question with one action; the answer ends in the result popup. */
function Confirm({ title, body, confirm, danger, work, errorText, host }: ConfirmProps) {
  const action = useAction(async () => host.popup(await work(), 'success'), {
    errorText,
    onError: (t) => host.popup(t, 'error'),
  });
  return (
    <Modal
      open
      kind="alert"
      title={title}
      onClose={host.close}
      footer={
        <>
          <Button variant="ghost" onClick={host.close}>
            Cancel
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            loading={action.busy}
            onClick={() => void (action.busy || action.run())}
          >
            {confirm}
          </Button>
        </>
      }
    >
      {body}
    </Modal>
  );
}

/** Restart a paused subscription: charged now, a new cycle from today (1-console §4). */
export function RestartModal({ sub, host }: { sub: Entry; host: DialogHost }) {
  const body = (
    <p>
      <strong>{sub.name}</strong> restarts now: {dollars(sub.data.amount)} is charged today and a new billing cycle
      begins from today.
    </p>
  );
  return (
    <Confirm
      title="Restart subscription"
      body={body}
      confirm="Restart"
      work={() => reactivate(sub.data.subscription_id)}
      errorText={failText(BILLING_MSG.reactivateError)}
      host={host}
    />
  );
}

/** Take back a scheduled cancel: the subscription renews at its period end as before. */
export function UndoCancelModal({ sub, host }: { sub: Entry; host: DialogHost }) {
  const body = (
    <p>
      <strong>{sub.name}</strong> was set to end on {sub.data.cancel_at}. Keep it, and it renews on that day as before:{' '}
      {dollars(sub.data.amount)} is charged then.
    </p>
  );
  return (
    <Confirm
      title="Keep subscription"
      body={body}
      confirm="Keep subscription"
      work={() => undoCancel(sub.data.subscription_id)}
      errorText={failText(BILLING_MSG.updateFailed)}
      host={host}
    />
  );
}

/** End the running trial now; a trial is taken once (1-console §4). */
export function TrialUnsubscribeModal({ host }: { host: DialogHost }) {
  const body = <p>Your free trial ends now and its phones stop working. A free trial can be taken only once.</p>;
  return (
    <Confirm
      title="Unsubscribe from trial"
      body={body}
      confirm="Unsubscribe"
      danger
      work={deleteTrial}
      errorText={failText(BILLING_MSG.updateFailed)}
      host={host}
    />
  );
}
