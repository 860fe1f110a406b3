/** Messages of the inbox's presence, settings, round robin, away message and CSAT (issue 42); the words are ours. */
export const LIVE_AUTO_MSG = {
  ownerOnly: 'Only the account owner can change the inbox settings.',
  badTimezone: (tz: string) => `Unknown time zone: ${tz}. Use an IANA name such as Europe/Istanbul.`,
  badRange: 'A business-hours range is "HH:MM" to a later "HH:MM" (24:00 ends the day).',
  /** What a customer gets when a conversation closes with CSAT on. */
  csatQuestion: 'How would you rate our help? Reply with a number from 1 (poor) to 5 (great).',
} as const;
