import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { CopyField } from '../../components/CopyField';
import { Loader } from '../../components/Loader';
import { Switch } from '../../components/Switch';
import { Tabs } from '../../components/Tabs';
import { liveWebhookUrl } from '../../../src/shared/live-webhook';
import { getConfig } from '../../lib/bootstrap';
import { DEV_MSG } from '../../lib/dev-messages';
import { SNACKBAR_MS } from '../../lib/developers';
import { useAction } from '../../lib/use-action';
import { $bulkAccountError, $bulkAccountIds, loadBulkAccountIds } from '../../stores/developers/bulk-clear';
import {
  $productData,
  $productDataError,
  loadProductData,
  saveWebhook,
  setAckDelivery,
  verifyWebhook,
} from '../../stores/developers/webhook';
import { $product } from '../../stores/product';
import { showToast } from '../../stores/toasts';
import { BulkClear } from './BulkClear';
import { Deliveries } from './Deliveries';
import { OptoutsCard } from './OptoutsCard';
import { PhoneWebhooks } from './PhoneWebhooks';
import { QueuesPanel } from './QueuesPanel';
import { WebhookForm } from './WebhookForm';
import './developers.css';

type Tab = 'queues' | 'phones' | 'deliveries' | 'bulk';

/** Where live chat receives messages: the default webhook of accounts with agents. */
export function defaultWebhookUrl(origin: string): string {
  return liveWebhookUrl(origin);
}

/** The live-chat notice shows for the live and {product}-custom-api packages (3-developer §2.1). */
export function showsLiveChatNotice(pkg: string | null | undefined, brand: string): boolean {
  return pkg === 'live' || pkg === `${brand}-custom-api`;
}

function BulkClearTab() {
  const ids = useStore($bulkAccountIds);
  const error = useStore($bulkAccountError);
  useEffect(() => void loadBulkAccountIds(), []);
  if (error) return <Alert tone="error">{error}</Alert>;
  if (!ids) return <Loader label="Loading phones…" />;
  return <BulkClear accountIds={ids} />;
}

/** /developers/webhook: the product webhook with its test, signing secret, acks; queues and deliveries. */
export default function WebhookPage() {
  const product = useStore($product);
  const search = useSearch();
  const [, navigate] = useLocation();
  const data = useStore($productData);
  const error = useStore($productDataError);
  const ack = useAction(setAckDelivery, { onError: (text) => showToast(text, 'error', SNACKBAR_MS) });
  useEffect(() => void loadProductData(), []);
  if (!product) return null;
  const settings = product.settings;
  const bulk = settings.bulk_clear === true;
  const tabs: { value: Tab; label: string }[] = [
    { value: 'queues', label: 'Messages Queue' },
    { value: 'phones', label: 'Phones Webhooks' },
    { value: 'deliveries', label: 'Deliveries' },
    ...(bulk ? [{ value: 'bulk' as const, label: 'Bulk Clear Queue' }] : []),
  ];
  const asked = new URLSearchParams(search).get('tab');
  const tab: Tab = tabs.find((t) => t.value === asked)?.value ?? 'queues';

  return (
    <div className="w-dev">
      <Card
        title="Webhook"
        description="Where your phones' incoming messages and events are sent. Test the URL first: it must answer 2xx to a sample message."
      >
        {error && <Alert tone="error">{error}</Alert>}
        {!data && !error && <Loader label="Loading the webhook…" />}
        {data && (
          <div className="w-dev-stack">
            {showsLiveChatNotice(settings.subscription_package, getConfig().brand) && (
              <Alert tone="info">{DEV_MSG.liveChatNotice}</Alert>
            )}
            <WebhookForm
              current={data.webhook}
              onVerify={verifyWebhook}
              onSave={async (url) => {
                await saveWebhook(url);
                showToast(DEV_MSG.webhookSaved, 'success', SNACKBAR_MS);
              }}
              {...((settings.agent_limit ?? 0) > 0
                ? { defaultWebhook: defaultWebhookUrl(window.location.origin) }
                : {})}
            />
            <div className="w-dev-grid w-dev-divided">
              <CopyField
                label="Signing secret"
                value={data.webhook_secret}
                secret
                feedback="notice"
                hint="Check the webhook-signature header with it (see the documentation)."
              />
              <Switch
                label="Send delivery acknowledgements"
                hint="Ack events (delivered, seen, played) of your sent messages are posted to the webhook too."
                checked={data.ack_delivery}
                disabled={ack.busy}
                onChange={(on) => void ack.run(on)}
              />
            </div>
          </div>
        )}
      </Card>
      <Card>
        <Tabs
          label="Queues and webhooks"
          value={tab}
          tabs={tabs}
          onChange={(t) => navigate(`/developers/webhook?tab=${t}`, { replace: true })}
        >
          {tab === 'queues' && <QueuesPanel />}
          {tab === 'phones' && <PhoneWebhooks productWebhook={data?.webhook ?? ''} />}
          {tab === 'deliveries' && <Deliveries />}
          {tab === 'bulk' && <BulkClearTab />}
        </Tabs>
      </Card>
      <OptoutsCard />
    </div>
  );
}
