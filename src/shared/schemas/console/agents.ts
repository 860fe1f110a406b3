import { z } from 'zod';
import { AGENT_MSG, AGENT_PASSWORD_MIN } from '../../agent-messages';
import { MSG } from '../../auth-messages';

export { AGENT_MSG };

const MAX = 200;
const pid = z.string().max(64).optional().meta({ description: "The product id; another account's answers 404" });
const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((e) => e.toLowerCase())
  .meta({ example: 'agent@example.com' });
const password = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(AGENT_PASSWORD_MIN, MSG.settingsPasswordMin)
  .max(MAX, MSG.settingsPasswordMin);
const uid = z.coerce
  .number({ error: AGENT_MSG.notFound })
  .int(AGENT_MSG.notFound)
  .positive(AGENT_MSG.notFound)
  .max(2 ** 53 - 1, AGENT_MSG.notFound)
  .meta({ description: 'The agent id (`uid` of the list)', example: 7 });
const name = z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(100);
const surname = z.string({ error: AGENT_MSG.surnameRequired }).trim().min(1, AGENT_MSG.surnameRequired).max(100);

export const agentListBody = z.looseObject({ pid });

export const agentAddBody = z.looseObject({
  pid,
  email,
  password,
  update_data: z
    .object({ name: z.string().trim().max(100).optional(), surname: z.string().trim().max(100).optional() })
    .optional(),
});

export const agentUpdateBody = z.looseObject({
  pid,
  uid,
  email: email.optional().meta({ description: "The agent's e-mail; when sent it must be the agent's" }),
  update_data: z.object(
    { name, surname, password: password.optional().or(z.literal('')) },
    { error: MSG.nameRequired },
  ),
});

export const agentDeleteBody = z.looseObject({
  pid,
  uid,
  email: email.optional().meta({ description: "The agent's e-mail; when sent it must be the agent's" }),
});

export const agentVerifyBody = z.object({
  token: z.string().min(10, AGENT_MSG.verifyInvalid).max(200, AGENT_MSG.verifyInvalid),
  password: password
    .optional()
    .or(z.literal(''))
    .meta({ description: 'A new password; the one the owner set stays when absent' }),
});

export const agentLoginBody = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(MAX),
});

/** Response shapes of the agents calls (console `/api/{brand}/agent/*`, agent app `/api/live/auth/*`, `/api/verify/agent`). */

/** One row of the agents screen; the account owner comes first and is not editable. */
const agentEntry = z
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
