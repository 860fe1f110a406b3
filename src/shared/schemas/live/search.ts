import { z } from 'zod';
import { liveConversation } from '../live';

/** `GET /api/live/search`: what to find and how many matches. */
export const liveSearchQuery = z.object({
  q: z
    .string({ error: 'Give a search text (q).' })
    .trim()
    .min(1, 'Give a search text (q).')
    .max(200, 'The search text is at most 200 characters.')
    .meta({ description: 'Words to find (each word matches as a prefix, all of them must match)', example: 'refund' }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const searchMatch = z
  .object({
    conversation: liveConversation,
    kind: z.enum(['message', 'contact', 'note']).meta({ description: 'Where the words were found' }),
    snippet: z.string().meta({ description: 'The matching text around the words (… where it was cut)' }),
    at: z.number().int().meta({ description: "The message's or note's time; for a contact, its chat's last message" }),
  })
  .meta({ id: 'LiveSearchMatch' });

/** `GET /api/live/search`: the matches, newest first, with their conversations. */
export const liveSearchAnswer = z.object({ success: z.boolean(), data: z.array(searchMatch) });
