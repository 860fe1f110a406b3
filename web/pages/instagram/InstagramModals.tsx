import { INSTAGRAM_MSG } from '../../../src/shared/instagram';
import { Card } from '../../components/Card';
import { SubscriptionModal } from '../billing/SubscriptionModal';

/** The limit modal (3-developer §8): the instagram limit is reached; it points to the subscription page. */
export function InstagramLimitModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SubscriptionModal open={open} title={INSTAGRAM_MSG.limitTitle} onClose={onClose}>
      <p>{INSTAGRAM_MSG.limit}</p>
      <p>Would you like to update your subscription?</p>
    </SubscriptionModal>
  );
}

/** Without a subscription package and an instagram limit (3-developer §2.4): the closed beta, the trial, the mail address. */
export function ClosedBeta({ email }: { email: string }) {
  return (
    <Card title={INSTAGRAM_MSG.closedBeta}>
      <div className="w-ig__beta">
        <p>New accounts can try Instagram accounts free for 3 days.</p>
        <p>
          To ask for a subscription, write to <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </div>
    </Card>
  );
}
