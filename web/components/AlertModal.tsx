import type { ReactNode } from 'react';
import { Modal } from './Modal';
import { ModalFooter } from './ModalFooter';

export interface AlertModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  closeLabel?: string;
  /** The one action beside the close button: a button or a link. */
  action: ReactNode;
  children: ReactNode;
}

/** An alert dialog that asks or tells one thing: a close button and one action. */
export function AlertModal({ open, title, onClose, closeLabel, action, children }: AlertModalProps) {
  return (
    <Modal
      open={open}
      kind="alert"
      title={title}
      onClose={onClose}
      footer={
        <ModalFooter onClose={onClose} closeLabel={closeLabel}>
          {action}
        </ModalFooter>
      }
    >
      {children}
    </Modal>
  );
}
