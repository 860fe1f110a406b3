import { z } from 'zod';

/** Presence in the inbox (`GET/POST /api/live/presence`, issue 42): requests and answers. */

const status = z.enum(['online', 'busy', 'offline']).meta({
  description: 'online: round robin may assign; busy: reachable, assigned nothing; offline: away',
});

export const presenceBody = z.looseObject({ status });

const presence = z
  .object({
    id: z.number().int().nullable().meta({ description: "The agent's id; null for the account owner" }),
    email: z.string(),
    name: z.string(),
    owner: z.boolean(),
    status,
    open: z.number().int().meta({ description: 'Conversations they hold now' }),
  })
  .meta({ id: 'LivePresence' });

export const presenceAnswer = z.object({ success: z.boolean(), data: presence });
export const presenceListAnswer = z.object({ success: z.boolean(), data: z.array(presence) });
