import type { ReactNode } from 'react';
import { Button } from './Button';

/** A dialog's footer: a secondary button that closes it, then the dialog's own action (a button or a link). */
export function ModalFooter({
  onClose,
  closeLabel = 'Cancel',
  children,
}: {
  onClose: () => void;
  closeLabel?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        {closeLabel}
      </Button>
      {children}
    </>
  );
}
