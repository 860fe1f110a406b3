import { useEffect } from 'react';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { POPUP_MS, type Popup } from './dialogs';

/** The result of an action, green or red; it closes itself after POPUP_MS (1-console §4). */
export function ResultPopup({ popup, onClose }: { popup: Popup | null; onClose: () => void }) {
  useEffect(() => {
    if (!popup) return undefined;
    const timer = setTimeout(onClose, POPUP_MS);
    return () => clearTimeout(timer);
  }, [popup, onClose]);
  return (
    <Modal
      open={popup !== null}
      title={popup?.tone === 'error' ? 'Something went wrong' : 'Done'}
      onClose={onClose}
      kind="alert"
    >
      {popup && <Alert tone={popup.tone}>{popup.text}</Alert>}
    </Modal>
  );
}
