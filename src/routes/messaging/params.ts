import { z } from 'zod';

/** Path parameters of the per-phone calls (`/api/{product_id}/{phone_id}/...`). */
export const phoneParams = z.object({
  phone_id: z.string().meta({ description: 'Id of the phone (listPhones)', example: '42' }),
});

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
