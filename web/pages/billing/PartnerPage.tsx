import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import type { SubscriptionEntry } from '../../../src/shared/schemas/billing';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { Modal } from '../../components/Modal';
import { pageMonth } from '../../lib/billing-format';
import { getConfig } from '../../lib/bootstrap';
import { errorMessage } from '../../lib/messaging-api';
import { $partnerLogs, loadPartnerLogs, paymentHistory } from '../../stores/billing';
import { $product } from '../../stores/product';
import { showToast } from '../../stores/toasts';
import { CancelModal } from '../subscription/CancelModal';
import { PaymentHistoryDialog } from './PaymentHistory';
import { PartnerApply } from './PartnerApply';
import { PartnerLogDetails, PartnerLogsTable, PartnerSubscriptions, type PartnerLog } from './PartnerTables';
import '../subscription/subscription.css';
import './billing.css';

/**
 * `/subscription_partner` (titled Partner): for a partner, its subscriptions and a month of per-phone
 * billing (1-console §2); for any other account, what the partner program is and how to apply (issue 38).
 */
export default function PartnerPage() {
  const product = useStore($product);
  if (!product) return null;
  return product.settings.partner ? <PartnerBilling /> : <PartnerApply supportEmail={getConfig().supportEmail} />;
}

function PartnerBilling() {
  const product = useStore($product);
  const logs = useStore($partnerLogs);
  const [, navigate] = useLocation();
  const month = pageMonth(useSearch());
  const [error, setError] = useState('');
  const [history, setHistory] = useState<SubscriptionEntry | null>(null);
  const [details, setDetails] = useState<PartnerLog | null>(null);
  const [cancel, setCancel] = useState<SubscriptionEntry | null>(null);
  useEffect(() => {
    setError('');
    loadPartnerLogs(month).catch((e: unknown) => setError(errorMessage(e)));
  }, [month]);
  const subId = history?.data.subscription_id;
  const loadHistory = useCallback(() => paymentHistory(subId!), [subId]);
  if (!product) return null;
  const shown = logs?.month === month ? logs : null;
  // A partner leaves with its last subscription only (1-console §8).
  const unsubscribe = (sub: SubscriptionEntry) =>
    product.activeSubs.length > 1 ? showToast(BILLING_MSG.otherSubscriptions, 'error') : setCancel(sub);
  const host = {
    open: () => setCancel(null),
    close: () => setCancel(null),
    popup: (text: string, tone: 'success' | 'error') => {
      setCancel(null);
      showToast(text, tone);
    },
  };
  return (
    <div className="w-billing">
      <Card as="h2" title="Partner Subscription">
        <p>
          As a partner, you cannot increase your phones here. Please contact your provider to change your phone limit.
        </p>
        <div className="w-billing__row">
          <strong>Phone Limit: {product.settings.phone_limit ?? 0}</strong>
          <Link href="/contact" className={buttonClass('primary')}>
            Contact Us
          </Link>
        </div>
      </Card>
      <Card title="Subscriptions">
        <PartnerSubscriptions subs={product.activeSubs} onHistory={setHistory} onUnsubscribe={unsubscribe} />
      </Card>
      <Card title="Phones of the month">
        <label className="w-billing__month">
          <span>Month</span>
          <input
            className="w-input"
            type="month"
            value={month}
            onChange={(e) => e.target.value && navigate(`/subscription_partner?month=${e.target.value}`)}
          />
        </label>
        {error ? (
          <Alert tone="error">{error}</Alert>
        ) : shown ? (
          <PartnerLogsTable logs={shown} onDetails={setDetails} />
        ) : (
          <Loader label="Loading the month…" />
        )}
      </Card>
      <PaymentHistoryDialog
        title="Payment History"
        load={history ? loadHistory : null}
        onClose={() => setHistory(null)}
      />
      {cancel && <CancelModal sub={cancel} host={host} />}
      <Modal
        open={details !== null}
        title={`Phone ${details?.phone_id ?? ''}`}
        size="md"
        onClose={() => setDetails(null)}
        footer={<Button onClick={() => setDetails(null)}>Close</Button>}
      >
        {details && <PartnerLogDetails log={details} />}
      </Modal>
    </div>
  );
}
