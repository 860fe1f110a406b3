import type { StatusTimeline } from '../src/shared/schemas/console/analytics';
import type { AnalyticsData } from '../web/stores/analytics';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 16);
const days = Array.from({ length: 7 }, (_, i) => new Date(START + i * DAY).toISOString().slice(0, 10));
const range = { start_date: days[0]!, end_date: days[6]! };

/** A week of a busy account: every card, chart and table has rows. */
export const ANALYTICS: AnalyticsData = {
  chart: {
    ...range,
    total_users: 41,
    total_messages: 356,
    days: days.map((date, i) => ({
      date,
      users: [4, 9, 7, 12, 6, 3, 8][i]!,
      incoming: [20, 35, 28, 40, 22, 10, 30][i]!,
      outgoing: [18, 30, 25, 33, 20, 8, 27][i]!,
      messages: 0,
    })),
  },
  status: {
    ...range,
    statuses: [
      { status: 'On/Operator', count: 4 },
      { status: 'Waiting', count: 3 },
      { status: 'Close', count: 21 },
      { status: 'No Interaction', count: 9 },
      { status: 'Other', count: 4 },
    ],
  },
  closed: {
    ...range,
    closed: 21,
    waiting: 3,
    issues: [
      { phone_id: 1, phone: '905301234567', taken: 3, waiting: 2, closed: 15, no_interaction: 6 },
      { phone_id: 2, phone: 'shop.ig', taken: 1, waiting: 1, closed: 6, no_interaction: 3 },
    ],
  },
  agents: {
    ...range,
    byAgents: [
      { email: 'ann@example.com', taken: 14, close: 13 },
      { email: 'bob.longname.agent@example.com', taken: 9, close: 8 },
    ],
  },
};

/** The same week without a single message. */
export const EMPTY: AnalyticsData = {
  chart: {
    ...range,
    total_users: 0,
    total_messages: 0,
    days: days.map((date) => ({ date, users: 0, incoming: 0, outgoing: 0, messages: 0 })),
  },
  status: { ...range, statuses: ANALYTICS.status.statuses.map((s) => ({ ...s, count: 0 })) },
  closed: { ...range, closed: 0, waiting: 0, issues: [] },
  agents: { ...range, byAgents: [] },
};

const h = (d: number, hour: number) => START + d * DAY + hour * 3_600_000;

/** Three WhatsApp phones and an Instagram account over the week. */
export const TIMELINE: StatusTimeline = {
  ...range,
  from: START,
  to: START + 7 * DAY,
  phones: [
    {
      phone: '905301234567',
      id: 1,
      type: 'whatsapp',
      last_status: 'active',
      changes: [
        { status: 'active', date: START },
        { status: 'qr-screen', date: h(2, 9) },
        { status: 'active', date: h(2, 11) },
      ],
    },
    {
      phone: '905309876543',
      id: 2,
      type: 'whatsapp',
      last_status: 'idle',
      changes: [
        { status: 'loading', date: h(1, 0) },
        { status: 'active', date: h(1, 2) },
        { status: 'idle', date: h(4, 18) },
      ],
    },
    {
      phone: '905300000003',
      id: 3,
      type: 'whatsapp',
      last_status: 'phone-error',
      changes: [
        { status: 'active', date: START },
        { status: 'phone-error', date: h(5, 7) },
      ],
    },
    { phone: 'shop.ig', id: 4, type: 'instagram', last_status: 'active', changes: [{ status: 'active', date: START }] },
  ],
};
