import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { $product } from '../../stores/product';
import { Inbox } from './Inbox';

/** Without a live package: the placeholder with a way to the subscription page (2-phones §2.2). */
function LivePlaceholder({ trialUsed }: { trialUsed: boolean }) {
  return (
    <Card title="Live Chat" description="Answer your customers' WhatsApp messages together with your agents.">
      <Link href="/subscription" className={buttonClass('primary')}>
        {trialUsed ? 'Go to Subscription' : 'Start Free Trial'}
      </Link>
    </Card>
  );
}

/** /chat: the live-chat inbox for accounts with a live package (an agent limit), else the placeholder. */
export default function ChatPage() {
  const product = useStore($product);
  if (!product) return <Loader />;
  if (Number(product.settings.agent_limit ?? 0) <= 0) return <LivePlaceholder trialUsed={product.trial !== null} />;
  return <Inbox />;
}
