import { useStore } from '@nanostores/react';
import { useAction } from '../../lib/use-action';
import { previewChange } from '../../stores/billing';
import { $phones } from '../../stores/phones';
import {
  $confirm,
  $enableError,
  $limitOpen,
  closeDialogs,
  raiseFromPage,
  runConfirmed,
  type ConfirmAction,
} from '../../stores/phones-page';
import { $quickUpdate, previewFailureText } from '../../stores/quick-update';
import { showToast } from '../../stores/toasts';
import { ConfirmModal, EnabledErrorModal, PhoneLimitModal } from './PhoneModals';
import { QuickUpdateModal } from './QuickUpdateModal';

const CONFIRM_TEXT: Record<ConfirmAction, { title: string; text: string; label: string }> = {
  factoryreset: {
    title: 'Factory Reset',
    text: 'The phone goes back to a new instance: its login, chats and queued messages are cleared. You will scan a QR code again.',
    label: 'Factory Reset',
  },
  logout: {
    title: 'Logout',
    text: 'WhatsApp on this phone is unlinked. Scan a new QR code to connect it again.',
    label: 'Logout',
  },
  disable: {
    title: 'Disable phone',
    text: 'The phone stops and no longer counts against your phone limit. You can enable it again later.',
    label: 'Disable',
  },
};

/** The quick update of the phone limit, wired to the billing calls. */
function QuickUpdateDialog() {
  const update = useStore($quickUpdate);
  const phones = useStore($phones);
  const phone = update?.activate ? phones.find((p) => p.id === update.activate) : undefined;
  return (
    <QuickUpdateModal
      sub={update?.sub ?? null}
      activateLabel={update?.activate ? `phone ${phone?.name || phone?.number || update.activate}` : null}
      loadPreview={(quantity) =>
        previewChange(update!.sub.data.subscription_id, {
          quantity,
          selectedOldQuantity: update!.sub.data.quantity,
        }).catch((e: unknown) => {
          throw new Error(previewFailureText(e));
        })
      }
      onConfirm={(quantity) => raiseFromPage(update!, quantity)}
      onPreviewError={(text) => showToast(text, 'error')}
      onClose={closeDialogs}
    />
  );
}

/** The phones page's dialogs: quick update, Phone Limit, Enabled Error, and the confirmation of Factory Reset, Logout and Disable. */
export function PhonesDialogs() {
  const limitOpen = useStore($limitOpen);
  const enableError = useStore($enableError);
  const confirm = useStore($confirm);
  const confirmed = useAction(runConfirmed);
  return (
    <>
      <QuickUpdateDialog />
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
