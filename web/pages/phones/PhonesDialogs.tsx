import { useStore } from '@nanostores/react';
import { useAction } from '../../lib/use-action';
import { $confirm, $enableError, $limitOpen, closeDialogs, runConfirmed, type ConfirmAction } from '../../stores/phones-page';
import { ConfirmModal, EnabledErrorModal, PhoneLimitModal } from './PhoneModals';

const CONFIRM_TEXT: Record<ConfirmAction, { title: string; text: string; label: string }> = {
  factoryreset: {
    title: 'Factory Reset',
    text: 'The phone goes back to a new instance: its login, chats and queued messages are cleared. You will scan a QR code again.',
    label: 'Factory Reset',
  },
  logout: { title: 'Logout', text: 'WhatsApp on this phone is unlinked. Scan a new QR code to connect it again.', label: 'Logout' },
  disable: { title: 'Disable phone', text: 'The phone stops and no longer counts against your phone limit. You can enable it again later.', label: 'Disable' },
};

/** The phones page's dialogs: Phone Limit, Enabled Error, and the confirmation of Factory Reset, Logout and Disable. */
export function PhonesDialogs() {
  const limitOpen = useStore($limitOpen);
  const enableError = useStore($enableError);
  const confirm = useStore($confirm);
  const confirmed = useAction(runConfirmed);
  return (
    <>
      <PhoneLimitModal open={limitOpen} onClose={closeDialogs} />
      <EnabledErrorModal message={enableError} onClose={closeDialogs} />
      <ConfirmModal
        open={confirm !== null}
        title={confirm ? CONFIRM_TEXT[confirm.action].title : ''}
        confirmLabel={confirm ? CONFIRM_TEXT[confirm.action].label : ''}
        danger
        busy={confirmed.busy}
        onConfirm={() => void confirmed.run()}
        onClose={closeDialogs}
      >
        <p>{confirm && CONFIRM_TEXT[confirm.action].text}</p>
      </ConfirmModal>
    </>
  );
}
