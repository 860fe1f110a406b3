import type { Meta, StoryObj } from '@storybook/react-vite';
import { Table } from '../web/components/Table';
import { FEEDBACK_COLUMNS } from '../web/pages/staff/FeedbackPage';
import { FOOTPRINT_COLUMNS } from '../web/pages/staff/FootprintPage';
import type { FeedbackPage, FootprintPage } from '../web/stores/staff-users';
import '../web/pages/staff/staff-users.css';

const meta = { title: 'Back-office/Users and feedback', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const USERS: FootprintPage['result'] = [
  {
    uid: 42,
    email: 'ann@example.com',
    subscription: 'api',
    register_date: '2026-11-01T09:30:00.000Z',
    last_login: '2026-11-24T05:00:00.000Z',
    trial_start: '2026-11-01T09:35:00.000Z',
    phones: 2,
    agents: 1,
  },
  {
    uid: 41,
    email: 'cem@example.com',
    subscription: null,
    register_date: '2026-10-12T14:00:00.000Z',
    last_login: null,
    trial_start: null,
    phones: 0,
    agents: 0,
  },
];
const FEEDBACK: FeedbackPage['footprints'] = [
  {
    id: 7,
    email: 'ann@example.com',
    subscription: '569723',
    reason: 'expensive',
    answer: '',
    date: '2026-11-20T10:00:00.000Z',
    phone_number: '905301234567',
  },
  {
    id: 6,
    email: 'cem@example.com',
    subscription: null,
    reason: 'needs',
    answer: 'It cannot send voice notes to groups.',
    date: '2026-11-19T08:00:00.000Z',
    phone_number: null,
  },
];

/** The footprint table: a user with a trial, phones and agents, and one who never signed in again. */
export const Footprint: Story = {
  render: () => (
    <Table caption="Users" columns={FOOTPRINT_COLUMNS} rows={USERS} rowKey={(r) => r.uid} empty="No user matches." />
  ),
};

/** The feedback table with the reason's title and the user's own words. */
export const Feedback: Story = {
  render: () => (
    <Table
      caption="Unsubscribe feedback"
      columns={FEEDBACK_COLUMNS}
      rows={FEEDBACK}
      rowKey={(r) => r.id}
      empty="No feedback matches."
    />
  ),
};
