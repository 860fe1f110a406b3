/** What the analytics screens say (2-phones §2.3, §8), in one place for the pages and their tests. */
export const ANALYTICS_TEXT = {
  noData: 'There is no data for showing.',
  totalUser: 'Total User',
  totalMessage: 'Total Message',
  closedByAgents: 'Closed Issues By Agents',
  waiting: 'Waiting Issues',
  statusTable: 'Status of Conversations',
  issueTable: 'Issue Details',
  agentTable: 'Closed By Agents',
  usersChart: 'Users per day',
  messagesChart: 'Messages per day',
  phoneTimeline: 'Phone status timeline',
  instagramTimeline: 'Instagram status timeline',
} as const;

/** The timeline's colour groups (2-phones §2.3): every recorded status falls into one. */
export const TIMELINE_STATUSES = ['active', 'idle', 'qr-screen', 'phone-error', 'unknown'] as const;
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number];

/** The colour group of a recorded phone status: pairing shows as the QR screen, failures as phone-error. */
export function timelineStatus(status: string): TimelineStatus {
  if (status === 'active' || status === 'idle') return status;
  if (status === 'qr-screen' || status === 'PAIRING') return 'qr-screen';
  if (status === 'phone-error' || status === 'TIMEOUT' || status === 'conn-retry' || status === 'low-battery')
    return 'phone-error';
  return 'unknown';
}

/** The timeline's height: 39 px a row, with room for two more (the axis and the legend). */
export const TIMELINE_ROW_PX = 39;
export function timelineHeight(rows: number): number {
  return TIMELINE_ROW_PX * (rows + 2);
}
