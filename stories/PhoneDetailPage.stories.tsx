import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { ApiAccess } from '../web/pages/phone-detail/ApiAccess';
import { ChatPane } from '../web/pages/phone-detail/ChatPane';
import { ConversationList } from '../web/pages/phone-detail/ConversationList';
import { PhoneErrorPage } from '../web/pages/phone-detail/PhoneDetailPage';
import { ProfileCard } from '../web/pages/phone-detail/ProfileCard';
import { ProtectionSettings } from '../web/pages/phone-detail/ProtectionSettings';
import { SafetyData } from '../web/pages/phone-detail/SafetyData';
import { WebhookEditor } from '../web/pages/phone-detail/WebhookEditor';
import { phone } from './phone-fixtures';
import { CONVERSATIONS, MESSAGES, ORIGIN, PID, SAFETY, TOKEN } from './developer-fixtures';
import '../web/pages/developers/developers.css';
import '../web/pages/phone-detail/phone-detail.css';

const meta = { title: 'Phone detail/Page parts', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const wait = (ms = 500) => new Promise((r) => setTimeout(r, ms));
const DEMO = phone({ id: 101, name: 'Support line', number: '905301234561', status: 'active' });

export const Profile: Story = { render: () => <ProfileCard phone={DEMO} connected photo={null} onLogout={fn()} /> };
export const ProfileDisconnected: Story = {
  render: () => <ProfileCard phone={DEMO} connected={false} photo={null} onLogout={fn()} />,
};

/** Booked contacts: 0 red, 1 to 30 warning, above 30 green. */
export const Safety: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480 }}>
      <SafetyData data={SAFETY} />
      <SafetyData data={{ ...SAFETY, booked_contacts_count: 0 }} />
      <SafetyData data={{ ...SAFETY, booked_contacts_count: 64 }} />
      <SafetyData
        data={SAFETY}
        protection={{
          enabled: true,
          new_chats: { used: 17, limit: 40 },
          unanswered: { used: 290, limit: 300 },
          held: 3,
          new_chat_pace: 2,
        }}
        risk={{
          life_time: 3,
          riskFactorLifeTime: 1,
          riskFactorContacts: 2,
          riskFactorResponse: 1,
          riskFactorBudgets: 2,
        }}
      />
      <SafetyData
        data={SAFETY}
        protection={{
          enabled: false,
          reason: 'Official WhatsApp Cloud API numbers are not banned for new chats this way.',
          new_chats: { used: 0, limit: 250 },
          unanswered: { used: 0, limit: 300 },
        }}
      />
    </div>
  ),
};

/** Ban protection's settings form (on/off, the ramp, the unanswered limit, hold or refuse). */
export const Protection: Story = {
  render: () => (
    <div style={{ maxWidth: 480 }}>
      <ProtectionSettings
        protection={{
          enabled: true,
          ramp_start: 20,
          ramp_step: 20,
          ramp_max: 250,
          unanswered_limit: 300,
          on_limit: 'hold',
          budgets: { new_chats: { used: 17, limit: 40 }, unanswered: { used: 290, limit: 300 } },
          held: 3,
        }}
        onSave={async () => void (await wait())}
      />
    </div>
  ),
};

export const Webhook: Story = {
  render: () => (
    <WebhookEditor value="" productWebhook="https://example.com/hook" onSave={async () => void (await wait())} />
  ),
};
export const Access: Story = {
  render: () => <ApiAccess origin={ORIGIN} productId={PID} token={TOKEN} phoneId={101} />,
};

function ChatDemo({ error = '' }: { error?: string }) {
  const [chat, setChat] = useState<{ id: string; name: string } | null>({
    id: CONVERSATIONS[0]!.id,
    name: CONVERSATIONS[0]!.name,
  });
  const [messages, setMessages] = useState(MESSAGES);
  return (
    <section className="w-card w-pd-chat" data-open={chat ? 'chat' : 'list'} style={{ maxWidth: 900 }}>
      <ConversationList conversations={CONVERSATIONS} selectedId={chat?.id ?? null} onSelect={setChat} />
      {chat && (
        <ChatPane
          title={chat.name}
          chatId={chat.id}
          messages={messages}
          error={error}
          onRetry={fn()}
          onBack={() => setChat(null)}
          onSend={async (text) => {
            await wait();
            setMessages((m) => [
              ...m,
              {
                id: m.length + 1,
                type: 'text',
                text,
                fromMe: true,
                timestamp: Math.floor(Date.now() / 1000),
                status: 'queued',
              },
            ]);
          }}
        />
      )}
    </section>
  );
}
/** Text, image, document, voice, location, contact card and an unsupported type. */
export const Chat: Story = { render: () => <ChatDemo /> };
export const ChatLoadFailed: Story = { render: () => <ChatDemo error="Failed to load messages. Please try again." /> };
export const NotYourPhone: Story = { render: () => <PhoneErrorPage /> };
