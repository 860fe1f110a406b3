import type { ReactNode } from 'react';
import { AlertModal } from '../../components/AlertModal';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { PHONE_MSG } from '../../lib/phone-messages';
import { SubscriptionModal } from '../billing/SubscriptionModal';

/** 'Phone Limit' (2-phones §8): asks whether to update the subscription. */
export function PhoneLimitModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SubscriptionModal open={open} title={PHONE_MSG.phoneLimitTitle} action="Update Subscription" onClose={onClose}>
      <p>{PHONE_MSG.phoneLimit}</p>
      <p>{PHONE_MSG.phoneLimitQuestion}</p>
    </SubscriptionModal>
  );
}

/** 'Enabled Error' (2-phones §8): the server's message and a way to the subscription page. */
export function EnabledErrorModal({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <SubscriptionModal open={Boolean(message)} title={PHONE_MSG.enabledErrorTitle} closeLabel="Close" onClose={onClose}>
      <p>{message}</p>
    </SubscriptionModal>
  );
}

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone with one click. */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  busy,
  danger,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <AlertModal
      open={open}
      title={title}
      onClose={onClose}
      action={
        <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      }
    >
      {children}
    </AlertModal>
  );
}

/** Linking steps, shown by 'How to Connect Phone' (a short guide instead of a video). */
function ConnectSteps() {
  return (
    <ol className="w-steps">
      <li>
        <span>
          Open <strong>WhatsApp</strong> on your phone.
        </span>
      </li>
      <li>
        <span>
          Tap <strong>Menu</strong> or <strong>Settings</strong> and choose <strong>Linked devices</strong>.
        </span>
      </li>
      <li>
        <span>
          Tap <strong>Link a device</strong> and point your phone at the QR code on this page.
        </span>
      </li>
      <li>
        <span>Keep your phone connected to the internet; the status turns active within a few seconds.</span>
      </li>
    </ol>
  );
}

/** 'How to Connect Phone': the steps, the pairing-code alternative and the old-messages note. */
export function HowToConnectModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="How to Connect Phone"
      size="md"
      onClose={onClose}
      footer={<Button onClick={onClose}>Got it</Button>}
    >
      <ConnectSteps />
      <p>
        No camera at hand? Choose <strong>Connect With Phone Number</strong>, enter your number with its country code,
        then on your phone tap <strong>Link with phone number instead</strong> and type the 8-character code we show.
      </p>
      <p className="w-note">{PHONE_MSG.oldMessages}</p>
    </Modal>
  );
}
