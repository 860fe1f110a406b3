import { useStore } from '@nanostores/react';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField } from '../../components/SelectField';
import { statusLabel } from '../../lib/billing-format';
import { useAction } from '../../lib/use-action';
import { paymentHistory, paymentMethodUrl } from '../../stores/billing';
import { $product } from '../../stores/product';
import { PaymentHistoryPanel } from './PaymentHistory';
import './billing.css';

/** `/settings/payment`: the payments of each paid subscription with receipts, and the card change link. */
export default function PaymentPage() {
  const product = useStore($product);
  const subs = [...(product?.activeSubs ?? []), ...(product?.deletedSubs ?? [])].filter((s) => !s.data.trialType);
  const [picked, setPicked] = useState('');
  const subId = subs.some((s) => s.data.subscription_id === picked) ? picked : (subs[0]?.data.subscription_id ?? '');
  const current = subs.find((s) => s.data.subscription_id === subId);
  const load = useCallback(() => paymentHistory(subId), [subId]);
  const method = useAction(async () => window.location.assign(await paymentMethodUrl(subId)));
  if (!product) return null;
  if (!current) {
    return (
      <Card title="Payments">
        <p className="w-muted">
          You have no paid subscription yet. <Link href="/subscription">Choose a package</Link>.
        </p>
      </Card>
    );
  }
  return (
    <div className="w-billing">
      <Card title="Payments" description="The payments of your subscriptions, newest first, with their receipts.">
        <div className="w-billing__pick">
          <SelectField
            label="Subscription"
            value={subId}
            onChange={setPicked}
            options={subs.map((s) => ({ value: s.data.subscription_id, text: `${s.name} (${statusLabel(s.data)})` }))}
          />
          {current.data.status !== 'deleted' && (
            <Button variant="secondary" loading={method.busy} onClick={() => void method.run()}>
              Update payment method
            </Button>
          )}
        </div>
        {method.error && <Alert tone="error">{method.error}</Alert>}
        <PaymentHistoryPanel load={load} />
      </Card>
    </div>
  );
}
