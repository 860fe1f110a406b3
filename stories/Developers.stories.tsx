import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { fn } from 'storybook/test';
import { ApiEndpoints, SendExamples, sendExamples } from '../web/pages/developers/ApiSummary';
import { BulkClear } from '../web/pages/developers/BulkClear';
import { Credentials } from '../web/pages/developers/Credentials';
import { DeliveryItem } from '../web/pages/developers/DeliveryItem';
import { LogDetail } from '../web/pages/developers/LogDetail';
import { PhoneWebhookRow } from '../web/pages/developers/PhoneWebhooks';
import { QueueTable } from '../web/pages/developers/QueueTable';
import { WebhookForm } from '../web/pages/developers/WebhookForm';
import { phone } from './phone-fixtures';
import { DELIVERIES, LOGS, OPENAPI, PID, QUEUES, TOKEN } from './developer-fixtures';
import '../web/pages/developers/developers.css';

const meta = { title: 'Developers/Page parts', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const wait = (ms = 600) => new Promise((r) => setTimeout(r, ms));
const card = (children: ReactNode) => (
  <div className="w-card" style={{ maxWidth: 820 }}>
    {children}
  </div>
);

export const CredentialsWithIndicator: Story = {
  render: () => card(<Credentials productId={PID} token={TOKEN} feedback="indicator" />),
};

/** Verify resolves: Save becomes enabled. A URL with "webhook" shows the warning. */
export const WebhookVerifyOk: Story = {
  render: () =>
    card(
      <WebhookForm
        current="https://example.com/whatsapp/webhook"
        onVerify={async () => (await wait(), 'Worked successfly. Please set the webhook like that!')}
        onSave={async () => void (await wait())}
        defaultWebhook="https://console.example.com/api/live/webhook"
      />,
    ),
};
/** Verify fails with the server's message: Save stays disabled. */
export const WebhookVerifyFails: Story = {
  render: () =>
    card(
      <WebhookForm
        current=""
        onVerify={async () => {
          await wait();
          throw new Error(
            'The webhook is not reachable (it answered HTTP 404). Check the URL and that your service is up, then try again.',
          );
        }}
        onSave={fn()}
      />,
    ),
};

export const MessagesQueue: Story = { render: () => card(<QueueTable rows={QUEUES} onClear={fn()} />) };
export const NoPhones: Story = { render: () => card(<QueueTable rows={[]} onClear={fn()} />) };

export const PhoneWebhook: Story = {
  render: () =>
    card(
      <ul className="w-hook-list">
        <PhoneWebhookRow
          phone={{
            ...phone({ id: 101, name: 'Support line', number: '905301234561' }),
            data: { sandbox: false, mobile_proxy: false, webhook: '' },
          }}
          productWebhook="https://example.com/hook"
          onSave={async (_id, w) => (await wait(), w)}
        />
        <PhoneWebhookRow
          phone={{
            ...phone({ id: 102, name: 'Sales', number: '905301234562' }),
            data: { sandbox: false, mobile_proxy: false, webhook: 'https://free.example.com/webhook' },
          }}
          productWebhook=""
          onSave={async (_id, w) => (await wait(), w)}
        />
      </ul>,
    ),
};

export const Deliveries: Story = {
  render: () =>
    card(
      <ul className="w-delivery-list">
        {DELIVERIES.map((d) => (
          <DeliveryItem key={d.id} delivery={d} onRedeliver={async () => void (await wait())} />
        ))}
      </ul>,
    ),
};

/** Import a .csv/.txt/.xlsx/.xls file with ids 101 and 102 (the account's phones here); clears are 0.5 s apart. */
export const BulkClearQueue: Story = {
  render: () =>
    card(
      <BulkClear
        accountIds={[101, 102, 103]}
        gapMs={500}
        clear={async (id) => (
          await wait(300),
          id === 103 ? Promise.reject(new Error('Phone not found.')) : { success: true }
        )}
      />,
    ),
};

export const LogEventDetail: Story = { render: () => card(<LogDetail event={LOGS[0]!} />) };

export const ApiSummary: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 820 }}>
      {card(<ApiEndpoints doc={OPENAPI} />)}
      {card(<SendExamples examples={sendExamples(OPENAPI)} />)}
    </div>
  ),
};
