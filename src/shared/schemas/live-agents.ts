import { z } from 'zod';

/** Whom a conversation can be transferred to (`GET /api/live/agents`): the owner, then the agents with a chat seat who confirmed their e-mail. */
export const liveAgentListAnswer = z.object({
  success: z.boolean(),
  data: z.array(
    z
      .object({
        id: z
          .number()
          .int()
          .nullable()
          .meta({ description: "The agent's id; null for the account owner (transfer with `to: 'owner'`)" }),
        email: z.string(),
        name: z.string(),
        owner: z.boolean().meta({ description: 'The account owner (who answers from the console or /live)' }),
      })
      .meta({ id: 'LiveTransferTarget' }),
  ),
});
