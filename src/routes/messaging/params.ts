/** Tags of the messaging API's document, in the reference's order. */
export const TAGS = {
  account: 'Account Information Retrieval',
  session: 'Session Information Getters',
  control: 'Session Controlling Operations',
  queue: 'Queue Operations',
  send: 'Message Sending Operations',
  groups: 'Group Chat Operations',
  checks: 'Number and Safety Checks',
  instagram: 'Instagram Accounts',
  campaigns: 'Campaigns',
  ai: 'AI Assistants (MCP)',
} as const;
