import { z } from 'zod';

/** The account's agents a conversation can be transferred to (`GET /api/live/agents`). */
export const liveAgentListAnswer = z.object({
  success: z.boolean(),
  data: z.array(z.object({ id: z.number().int(), email: z.string(), name: z.string() }).meta({ id: 'LiveTransferTarget' })),
});
