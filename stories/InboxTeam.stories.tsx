import type { Meta, StoryObj } from '@storybook/react-vite';
import { BulkBar } from '../web/pages/inbox/BulkBar';
import { ContactPanel } from '../web/pages/inbox/ContactPanel';
import { ConversationList } from '../web/pages/inbox/ConversationList';
import { ConversationTools, SnoozeMenu } from '../web/pages/inbox/ConversationTools';
import { KeyboardHelp } from '../web/pages/inbox/KeyboardHelp';
import { MentionsList } from '../web/pages/inbox/MentionsList';
import { NoteComposer } from '../web/pages/inbox/NoteComposer';
import { PresenceToggle } from '../web/pages/inbox/PresenceToggle';
import { TeamBar } from '../web/pages/inbox/TeamBar';
import type { InboxConversation } from '../web/stores/inbox';
import type { TeamContact, TeamLabel } from '../web/stores/inbox/team-types';
import { maxWidth } from './decorators';
import '../web/pages/inbox/chat.css';
import '../web/pages/inbox/team.css';

const meta = { title: 'Live chat/Team inbox', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const now = Date.UTC(2026, 10, 28, 10, 30);
const noop = () => undefined;
const labels: TeamLabel[] = [
  { name: 'vip', color: '#e11d48' },
  { name: 'billing', color: '#2563eb' },
  { name: 'refund', color: '#16a34a' },
];
const conv = (n: number, over: Partial<InboxConversation> & { labels?: string[] } = {}): InboxConversation =>
  ({
    id: `1:90530123456${n}@c.us`,
    phoneId: 1,
    chatId: `90530123456${n}@c.us`,
    name: `Customer ${n}`,
    number: `+90530123456${n}`,
    line: { phoneId: 1, number: '+905550001122', name: 'Support line' },
    state: 'waiting',
    priority: 'none',
    snoozedUntil: null,
    mine: false,
    agent: null,
    takenAt: null,
    closedAt: null,
    lastMessage: 'Where is my refund?',
    lastAt: now - n * 60_000,
    unread: n % 2,
    labels: [],
    ...over,
  }) as InboxConversation;
const counts = {
  waiting: { count: 3, unread: 2 },
  mine: { count: 1, unread: 0 },
  taken: { count: 4, unread: 1 },
  closed: { count: 12, unread: 0 },
  snoozed: { count: 2, unread: 0 },
  none: { count: 2, unread: 0 },
};
const contact: TeamContact = {
  chat_id: '905301234561@c.us',
  name: 'Ada Lovelace',
  number: '+905301234561',
  email: 'ada@example.com',
  attributes: { plan: 'gold', city: 'Istanbul' },
  labels: ['vip'],
  conversations: [
    { id: 2, status: 'open', created_at: now - 3_600_000, closed_at: null },
    { id: 1, status: 'closed', created_at: now - 86_400_000 * 9, closed_at: now - 86_400_000 * 8 },
  ],
};
const people = [
  { name: 'Ann Agent', email: 'ann@example.com' },
  { name: 'Bob Agent', email: 'bob@example.com' },
];

/** The list with label chips, priority badges, the label filter and order, and two conversations picked for a bulk action. */
export const ListWithLabels: Story = {
  decorators: [maxWidth(360)],
  render: () => (
    <>
      <BulkBar count={2} labels={labels} targets={[]} onAll={noop} onClear={noop} onRun={noop} />
      <ConversationList
        group="waiting"
        counts={counts}
        items={[
          conv(1, { labels: ['vip', 'refund'], priority: 'urgent' }),
          conv(2, { labels: ['billing'], priority: 'high' }),
          conv(3, { lastMessage: 'Are you open on Sunday?' }),
        ]}
        query=""
        openId={conv(2).id}
        onGroup={noop}
        onSearch={noop}
        onOpen={noop}
        team={{
          labels,
          filter: { label: 'vip', sort: 'priority' },
          onFilter: noop,
          selected: [conv(1).id, conv(2).id],
          onSelect: noop,
        }}
      />
    </>
  ),
};

/** The conversation's controls: labels, priority, snooze (open) and mark unread. */
export const Tools: Story = {
  render: () => (
    <div style={{ minHeight: 260 }}>
      <ConversationTools
        conversation={conv(1, { labels: ['vip'], priority: 'high' })}
        labels={labels}
        onLabels={noop}
        onSnooze={noop}
        onPriority={noop}
        onUnread={noop}
      />
    </div>
  ),
};

/** The snooze presets and a custom time. */
export const Snooze: Story = {
  render: () => (
    <div style={{ minHeight: 240 }}>
      <SnoozeMenu onSnooze={noop} />
    </div>
  ),
};

/** The contact panel: name, number, e-mail, attributes, labels and past conversations. */
export const Contact: Story = {
  decorators: [maxWidth(280)],
  render: () => <ContactPanel conversation={conv(1)} contact={contact} labels={labels} onSave={async () => ''} />,
};

/** A note being written with `@` suggesting teammates. */
export const NoteWithMention: Story = {
  decorators: [maxWidth(280)],
  render: () => <NoteComposer people={people} onNote={async () => undefined} />,
};

/** Above the inbox: the search with its matches, mentions with a badge, the shortcuts' help. */
export const SearchAndMentions: Story = {
  render: () => (
    <TeamBar
      hits={[
        { kind: 'message', conversation: conv(1), snippet: '…where is my refund for order 1234…', at: now },
        { kind: 'contact', conversation: conv(2), snippet: 'Customer 2', at: now - 60_000 },
        { kind: 'note', conversation: conv(3), snippet: 'refund approved by billing', at: now - 120_000 },
      ]}
      mentions={[]}
      unreadMentions={2}
      onSearch={noop}
      onSeeMentions={noop}
      onOpen={noop}
      onHelp={noop}
    />
  ),
};

/** The header's presence toggle. */
export const Presence: Story = { render: () => <PresenceToggle value="busy" onChange={noop} /> };

/** The `?` overlay listing the keyboard shortcuts. */
export const KeyboardShortcuts: Story = { render: () => <KeyboardHelp open onClose={noop} /> };

/** The mentions list: a new one highlighted. */
export const Mentions: Story = {
  decorators: [maxWidth(360)],
  render: () => (
    <MentionsList
      mentions={[
        {
          id: 2,
          conversationId: conv(1).id,
          by: 'bob@example.com',
          byName: 'Bob Stone',
          text: '@Ann can you check the refund?',
          createdAt: now,
          read: false,
        },
        {
          id: 1,
          conversationId: conv(2).id,
          by: 'owner@example.com',
          byName: '',
          text: 'Thanks @Ann',
          createdAt: now - 3_600_000,
          read: true,
        },
      ]}
      onOpen={noop}
    />
  ),
};
