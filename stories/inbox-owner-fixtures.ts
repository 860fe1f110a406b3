import type { InboxLabel } from '../web/stores/inbox-owner/labels';
import type { InboxReport } from '../web/stores/inbox-owner/reports';
import type { InboxSettings } from '../web/stores/inbox-owner/settings';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 16);
const days = Array.from({ length: 7 }, (_, i) => new Date(START + i * DAY).toISOString().slice(0, 10));

/** An account that never saved settings: the defaults. */
export const DEFAULT_SETTINGS: InboxSettings = {
  auto_assign: 'off',
  max_open_per_agent: 10,
  csat: false,
  away_message: '',
  business_hours: null,
};

/** Round robin, CSAT and office hours with a lunch break on Fridays. */
export const BUSY_SETTINGS: InboxSettings = {
  auto_assign: 'round_robin',
  max_open_per_agent: 5,
  csat: true,
  away_message: 'We are closed now; we answer from 9:00.',
  business_hours: {
    timezone: 'Europe/Istanbul',
    days: {
      mon: [{ from: '09:00', to: '17:30' }],
      tue: [{ from: '09:00', to: '17:30' }],
      wed: [{ from: '09:00', to: '17:30' }],
      thu: [{ from: '09:00', to: '17:30' }],
      fri: [
        { from: '09:00', to: '12:00' },
        { from: '13:00', to: '16:00' },
      ],
      sat: [],
      sun: [],
    },
  },
};

export const LABELS: InboxLabel[] = [
  { id: 1, name: 'billing', color: '#2563eb' },
  { id: 2, name: 'urgent refund request from a long-time customer', color: '#dc2626' },
  { id: 3, name: 'vip', color: '#a16207' },
];

/** A week of a team of three. */
export const REPORT: InboxReport = {
  conversations: 64,
  first_response: { median_s: 95, p90_s: 1260 },
  resolution: { median_s: 2700, p90_s: 26_000 },
  csat: { responses: 23, average: 4.35 },
  agents: [
    { id: 'a:1', name: 'Ann Lee', conversations: 31, first_response_median_s: 70, resolved: 27, csat_average: 4.6 },
    { id: 'a:2', name: 'Bob Ray', conversations: 22, first_response_median_s: 140, resolved: 18, csat_average: 4 },
    {
      id: 'o:7',
      name: 'owner@example.com',
      conversations: 11,
      first_response_median_s: null,
      resolved: 9,
      csat_average: null,
    },
  ],
  series: days.map((day, i) => ({
    day,
    conversations: [8, 12, 9, 14, 10, 4, 7][i]!,
    first_response_median_s: [60, 95, 120, 80, 150, null, 90][i]!,
    resolution_median_s: [1800, 2700, 3600, 2400, 4200, null, 2000][i]!,
  })),
};

/** The same week without a conversation. */
export const EMPTY_REPORT: InboxReport = {
  conversations: 0,
  first_response: { median_s: null, p90_s: null },
  resolution: { median_s: null, p90_s: null },
  csat: { responses: 0, average: null },
  agents: [],
  series: days.map((day) => ({ day, conversations: 0, first_response_median_s: null, resolution_median_s: null })),
};
