import type { Campaign, CampaignRecipient, Counts, FilePreview, Reading } from '../web/lib/campaigns';
import { phone } from './phone-fixtures';

/** Mocked data for the campaigns stories: no network is touched. */
const counts = (over: Partial<Counts>): Counts => ({
  queued: 0,
  held: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  opted_out: 0,
  invalid: 0,
  cancelled: 0,
  ...over,
});

const base = {
  phone_ids: [101],
  created_at: '2026-11-27T09:00:00.000Z',
  schedule_at: '2026-11-27T09:00:00.000Z',
  finished_at: null,
  eta: null,
};

export const RUNNING: Campaign = {
  ...base,
  id: 'cmp_3',
  name: 'Black Friday – 30% off everything',
  status: 'running',
  total: 12_480,
  counts: counts({
    queued: 7_310,
    held: 0,
    sent: 1_950,
    delivered: 1_720,
    read: 980,
    replied: 112,
    failed: 23,
    opted_out: 41,
    invalid: 344,
  }),
  phone_ids: [101, 102],
  started_at: '2026-11-28T10:58:00.000Z',
  eta: new Date(Date.now() + 47 * 60_000).toISOString(),
};

export const CAMPAIGNS: Campaign[] = [
  RUNNING,
  {
    ...base,
    id: 'cmp_2',
    name: 'Appointment reminder',
    status: 'scheduled',
    total: 420,
    counts: counts({ queued: 420 }),
    schedule_at: '2026-11-30T08:00:00.000Z',
    started_at: null,
  },
  {
    ...base,
    id: 'cmp_1',
    name: 'New store opening',
    status: 'completed',
    total: 860,
    counts: counts({ sent: 40, delivered: 300, read: 380, replied: 90, failed: 12, opted_out: 8, invalid: 30 }),
    started_at: '2026-11-20T09:00:00.000Z',
    finished_at: '2026-11-20T09:21:00.000Z',
  },
  {
    ...base,
    id: 'cmp_0',
    name: 'Trial',
    status: 'cancelled',
    total: 50,
    counts: counts({ sent: 10, delivered: 5, cancelled: 35 }),
    started_at: '2026-11-19T09:00:00.000Z',
    finished_at: '2026-11-19T09:02:00.000Z',
  },
];

export const PAUSED: Campaign = { ...RUNNING, status: 'paused', eta: null };
/** A WhatsApp Web number's campaign held by its ban-protection budget: the ETA says when it ends. */
export const HELD: Campaign = {
  ...RUNNING,
  id: 'cmp_4',
  name: 'New number, held by its budget',
  total: 600,
  counts: counts({ held: 520, sent: 50, delivered: 30 }),
  eta: new Date(Date.now() + 26 * 3_600_000).toISOString(),
};

/** Readings every 2.5 s over five minutes, as the page gathers them. */
export const READINGS: Reading[] = Array.from({ length: 120 }, (_, i) => {
  const t = Date.parse('2026-11-28T11:00:00Z') / 1000 + i * 2.5;
  const sent = Math.round(i * 16.25);
  return {
    t,
    sent,
    delivered: Math.round(sent * 0.88),
    read: Math.round(sent * 0.5),
    replied: Math.round(sent * 0.06),
  };
});

export const RECIPIENTS: CampaignRecipient[] = [
  {
    number: '905301234567',
    status: 'read',
    msg_id: 'true_905301234567@c.us_3EB0A1',
    error: null,
    variables: { name: 'Ayşe', code: 'BF30' },
  },
  {
    number: '905301234568',
    status: 'delivered',
    msg_id: 'true_905301234568@c.us_3EB0A2',
    error: null,
    variables: { name: 'Mehmet', code: 'BF30' },
  },
  {
    number: '905301234569',
    status: 'failed',
    msg_id: null,
    error: 'The number is not on WhatsApp',
    variables: { name: 'Can', code: 'BF30' },
  },
  { number: '905301234570', status: 'queued', msg_id: null, error: null, variables: { name: 'Deniz', code: 'BF30' } },
];

export const CAMPAIGN_PHONES = [
  phone({ id: 101, name: 'Support line', number: '905301234561' }),
  phone({ id: 102, name: 'Sales', number: '905301234562', engine: 'cloud' }),
];

export const FILE_PREVIEW: FilePreview = {
  columns: ['phone', 'name', 'code'],
  rows: [
    { phone: '905301234567', name: 'Ayşe', code: 'BF30' },
    { phone: '905301234568', name: 'Mehmet', code: '' },
    { phone: '905301234569', name: 'Can', code: 'BF30' },
  ],
  total: 12_480,
};
