import { useState } from 'react';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { FEEDBACK_MIN_TEXT, FEEDBACK_REASONS } from '../../../src/shared/billing/plans';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useAction } from '../../lib/use-action';
import { cancelSubscription } from '../../stores/billing';
import { updateFailText, type DialogHost } from './dialogs';
import type { Entry } from './entries';

/** Why the customer leaves (1-console §5): a reason, and for some reasons at least 20 characters of explanation. */
export function CancelModal({ sub, host }: { sub: Entry; host: DialogHost }) {
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const chosen = FEEDBACK_REASONS.find((r) => r.state === reason);
  const short = Boolean(chosen?.explain) && text.trim().length < FEEDBACK_MIN_TEXT;
  const paidUntil = sub.data.status === 'active' && !sub.data.trialType ? sub.data.next_bill_date : null;
  const cancel = useAction(
    async () =>
      host.popup(
        await cancelSubscription(sub.data.subscription_id, reason, chosen?.explain ? text.trim() : ''),
        'success',
      ),
    { errorText: updateFailText, onError: (t) => host.popup(t, 'error') },
  );
  return (
    <Modal
      open
      title="Cancel subscription"
      onClose={host.close}
      size="md"
      footer={
        <>
          <Button variant="ghost" onClick={host.close}>
            Keep subscription
          </Button>
          <Button
            variant="danger"
            loading={cancel.busy}
            disabled={!chosen || short}
            onClick={() => void (cancel.busy || cancel.run())}
          >
            Unsubscribe
          </Button>
        </>
      }
    >
      <p>
        Before <strong>{sub.name}</strong> ends, please tell us why you are leaving.
        {paidUntil && (
          <>
            {' '}
            It stays active until <strong>{paidUntil}</strong>, the end of the period you paid for.
          </>
        )}
      </p>
      <fieldset className="w-feedback">
        <legend className="w-field__label">Reason</legend>
        {FEEDBACK_REASONS.map((r) => (
          <label key={r.state} className="w-feedback__item">
            <input
              type="radio"
              name="feedback"
              value={r.state}
              checked={reason === r.state}
              onChange={() => setReason(r.state)}
            />
            {r.title}
          </label>
        ))}
      </fieldset>
      {chosen?.explain && (
        <div className="w-field">
          <label className="w-field__label" htmlFor="w-feedback-text">
            Explain your reason
          </label>
          <textarea
            id="w-feedback-text"
            className="w-input w-feedback__text"
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="w-feedback-hint"
          />
          <span id="w-feedback-hint" className={short ? 'w-field__error' : 'w-field__hint'}>
            {short ? BILLING_MSG.feedbackShort : `${text.trim().length} characters`}
          </span>
        </div>
      )}
    </Modal>
  );
}
