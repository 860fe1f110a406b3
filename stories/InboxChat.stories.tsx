import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConversationList } from '../web/pages/inbox/ConversationList';
import { ConversationView } from '../web/pages/inbox/ConversationView';
import type { InboxConversation, InboxOpen } from '../web/stores/inbox';
import '../web/pages/inbox/chat.css';

const meta = { title: 'Live chat/Inbox', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const now = Date.UTC(2025, 4, 6, 10, 30);
const conv = (n: number, over: Partial<InboxConversation> = {}): InboxConversation => ({
  id: `1:90530123456${n}@c.us`,
  phoneId: 1,
  chatId: `90530123456${n}@c.us`,
  name: `Customer ${n}`,
  number: `+90530123456${n}`,
  line: { phoneId: 1, number: '+905550001122', name: 'Support line' },
  state: 'waiting',
  priority: 'none',
  snoozedUntil: null,
  labels: [],
  mine: false,
  agent: null,
  takenAt: null,
  closedAt: null,
  lastMessage: 'Hello, I have a question about my order 😊',
  lastAt: now - n * 60_000,
  unread: n % 2,
  ...over,
});
const counts = {
  waiting: { count: 3, unread: 2 },
  mine: { count: 1, unread: 0 },
  taken: { count: 4, unread: 1 },
  closed: { count: 12, unread: 0 },
  snoozed: { count: 0, unread: 0 },
  none: { count: 2, unread: 0 },
};
const noop = () => undefined;

/** The left pane: groups with counts and unread badges, search, conversations. */
export const List: Story = {
  render: () => (
    <div style={{ maxWidth: 320 }}>
      <ConversationList
        group="waiting"
        counts={counts}
        items={[conv(1), conv(2), conv(3, { lastMessage: 'Are you open on Sunday?' })]}
        query=""
        openId={conv(2).id}
        onGroup={noop}
        onSearch={noop}
        onOpen={noop}
      />
    </div>
  ),
};

/** A group longer than one page: 'Load more' under the list. */
export const ListWithMore: Story = {
  render: () => (
    <div style={{ maxWidth: 320 }}>
      <ConversationList
        group="closed"
        counts={counts}
        items={[conv(4), conv(5), conv(6)]}
        query=""
        onGroup={noop}
        onSearch={noop}
        onOpen={noop}
        hasMore
        onMore={noop}
      />
    </div>
  ),
};

const open: InboxOpen = {
  conversation: conv(1, { state: 'taken', mine: true, agent: 'ann@example.com', takenAt: now, unread: 0 }),
  messages: [
    {
      id: 'a',
      fromMe: false,
      timestamp: now / 1000 - 120,
      status: 'received',
      text: 'Hello, I have a question about my order 😊',
    } as InboxOpen['messages'][number],
    {
      id: 'b',
      fromMe: true,
      timestamp: now / 1000 - 60,
      status: 'sent',
      ack: 3,
      text: 'Sure! What is the order number?',
    } as InboxOpen['messages'][number],
    {
      id: 'c',
      fromMe: true,
      timestamp: now / 1000,
      status: 'queued',
      ack: 0,
      text: 'I will check it now 👍',
    } as InboxOpen['messages'][number],
  ],
};

/** One conversation held by the agent: transfer, close, ticks, composer, notes and the customer's history. */
export const Conversation: Story = {
  render: () => (
    <ConversationView
      open={open}
      canned={[{ id: 1, shortcut: 'hello', text: 'Hello! How can I help you?' }]}
      targets={[
        { id: null, email: 'owner@example.com', name: 'Olivia Owner', owner: true },
        { id: 2, email: 'bob@example.com', name: 'Bob Agent', owner: false },
      ]}
      notes={[{ id: 1, author: 'ann@example.com', text: 'VIP customer, answer fast.', createdAt: now }]}
      history={[
        conv(1, {
          id: '2:905301234561@c.us',
          phoneId: 2,
          state: 'closed',
          lastMessage: 'Thanks, bye!',
          lastAt: now - 86_400_000 * 3,
        }),
      ]}
      onAction={noop}
      onTransfer={noop}
      onSend={async () => true}
      onNote={async () => undefined}
      onOpen={noop}
      onBack={noop}
    />
  ),
};
