import { z } from 'zod';

/** Response shapes of the agents calls (console `/api/{brand}/agent/*`, agent app `/api/live/auth/*`, `/api/verify/agent`). */

/** One row of the agents screen; the account owner comes first and is not editable. */
export const agentEntry = z
  .object({
    uid: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The agent id for update and delete; null on the owner row', example: 7 }),
    id: z.number().int().nullable().meta({ description: 'The same id as `uid`' }),
    email: z.string().meta({ example: 'agent@example.com' }),
    name: z.string(),
    surname: z.string(),
    owner: z.boolean().meta({ description: 'The account owner (not editable or deletable)' }),
    verified: z.boolean().meta({ description: 'The agent confirmed the mailed link (always true for the owner)' }),
    chat: z.boolean().meta({ description: 'Within the agent limit, so this person can use the live chat' }),
  })
  .meta({ id: 'Agent' });

/** `POST /agent/list`: the owner row, then the agents by age, and the limit they share. */
export const agentListAnswer = z.object({
  success: z.boolean(),
  agents: z.array(agentEntry),
  agent_limit: z.number().int().meta({ description: 'Seats in the live chat, the owner included' }),
});

/** The signed-in agent of the chat app. */
export const liveAgent = z
  .object({
    id: z.number().int(),
    pid: z.string(),
    email: z.string(),
    name: z.string(),
    surname: z.string(),
    chat: z.boolean().meta({ description: 'False when the agent is beyond the agent limit' }),
    message: z.string().optional().meta({ description: 'Why the agent cannot use the chat' }),
  })
  .meta({ id: 'LiveAgent' });

/** `{ success, data: agent }`: the agent app's login and current agent. */
export const liveAgentAnswer = z.object({ success: z.boolean(), data: liveAgent });
