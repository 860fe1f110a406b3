import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AlertModal } from '../../components/AlertModal';
import { buttonClass } from '../../components/Button';

export interface SubscriptionModalProps {
  open?: boolean;
  title: string;
  /** The link's label; the spec words it per page. */
  action?: string;
  closeLabel?: string;
  onClose: () => void;
  children: ReactNode;
}

/** An alert that a limit or the package stands in the way, with a link to the subscription page (2-phones §8, 3-developer §8). */
export function SubscriptionModal({
  open = true,
  title,
  action = 'Go to Subscription',
  closeLabel = 'Cancel',
  onClose,
  children,
}: SubscriptionModalProps) {
  return (
    <AlertModal
      open={open}
      title={title}
      onClose={onClose}
      closeLabel={closeLabel}
      action={
        <Link href="/subscription" className={buttonClass('primary')}>
          {action}
        </Link>
      }
    >
      {children}
    </AlertModal>
  );
}
