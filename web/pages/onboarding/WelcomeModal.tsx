import { useState } from 'react';
import { spammyEmail, TRIAL_SPAM_MSG } from '../../../src/shared/billing/trial-email';
import { TRIAL_DAYS } from '../../../src/shared/billing/plans';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useAction } from '../../lib/use-action';

/** The welcome modal's title (3-developer §2.7). */
export const WELCOME_TITLE = 'Unofficial WhatsApp API for Developers';
/** The quit confirmation's words; the spec names it but shows none. */
export const QUIT_TITLE = 'Quit';
const QUIT_TEXT = 'Are you sure you want to quit? Your free trial will be waiting for you when you come back.';

export interface WelcomeModalProps {
  email: string;
  onClose: () => void;
  /** Starts the trial; the modal closes once it resolves. */
  onStart: () => Promise<void>;
  onLogout: () => void;
}

/**
 * The welcome modal of an account with no trial and no plan yet (3-developer §2.7): Start Trial, off
 * for a spam-looking e-mail by the same rule the server applies, and Logout behind a quit confirmation.
 */
export function WelcomeModal({ email, onClose, onStart, onLogout }: WelcomeModalProps) {
  const [quitting, setQuitting] = useState(false);
  const start = useAction(onStart, { label: 'Start Trial' });
  const spammy = spammyEmail(email);
  if (quitting) {
    return (
      <Modal
        open
        kind="alert"
        title={QUIT_TITLE}
        onClose={() => setQuitting(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setQuitting(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onLogout}>
              Logout
            </Button>
          </>
        }
      >
        <p>{QUIT_TEXT}</p>
      </Modal>
    );
  }
  return (
    <Modal
      open
      size="md"
      title={WELCOME_TITLE}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={() => setQuitting(true)}>
            Logout
          </Button>
          <Button data-autofocus disabled={spammy} loading={start.busy} onClick={() => void start.run()}>
            Start Trial
          </Button>
        </>
      }
    >
      <div className="w-welcome">
        <p>Send and receive WhatsApp messages from your code with your own phone number.</p>
        <ul>
          <li>{TRIAL_DAYS}-day free trial</li>
          <li>No credit card required</li>
        </ul>
        {spammy && <Alert tone="warning">{TRIAL_SPAM_MSG}</Alert>}
        {start.error && <Alert tone="error">{start.error}</Alert>}
      </div>
    </Modal>
  );
}
