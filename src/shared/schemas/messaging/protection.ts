import { z } from 'zod';

/** Ban protection's defaults (issue 26); the README says why they are what they are. */
export const PROTECTION_DEFAULTS = {
  ramp_start: 20,
  ramp_step: 20,
  ramp_max: 250,
  unanswered_limit: 300,
  on_limit: 'hold',
} as const;

const count = (description: string, max: number) => z.number().int().min(0).max(max).meta({ description });

/** POST /{phone_id}/protection: every field optional, what is left out stays as it was. */
export const protectionBody = z
  .object({
    enabled: z.boolean().optional().meta({ description: 'Hold or refuse messages past the budgets' }),
    ramp_start: count("New chats allowed on the number's first day", 10_000).optional(),
    ramp_step: count("Added to the day's new-chat budget each day after the first", 10_000).optional(),
    ramp_max: count('The top of the ramp (a number linked long ago starts there)', 100_000).optional(),
    unanswered_limit: count('Chats written to in the last 30 days that never answered', 100_000).optional(),
    on_limit: z.enum(['hold', 'refuse']).optional().meta({
      description:
        'hold: the message waits in the queue until the budget allows; refuse: sendMessage answers 429 PROTECTION_LIMIT',
    }),
  })
  .refine((b) => b.ramp_start === undefined || b.ramp_max === undefined || b.ramp_start <= b.ramp_max, {
    message: 'ramp_start cannot exceed ramp_max',
    path: ['ramp_start'],
  });

const budget = z.object({ used: z.number().int(), limit: z.number().int() });

const protectionObj = z.object({
  enabled: z.boolean(),
  reason: z.string().optional().meta({ description: 'Why protection is off (Cloud API numbers)' }),
  ramp_start: z.number().int(),
  ramp_step: z.number().int(),
  ramp_max: z.number().int(),
  unanswered_limit: z.number().int(),
  on_limit: z.enum(['hold', 'refuse']),
  budgets: z.object({ new_chats: budget, unanswered: budget }),
  held: z.number().int().meta({ description: 'Queued messages held for a budget' }),
  new_chat_pace: z
    .number()
    .int()
    .optional()
    .meta({ description: "2 when the number's block risk is Critical: it sends new chats at half its pace" }),
});
export const protectionResponse = z.object({ success: z.boolean(), protection: protectionObj });
export type Protection = z.infer<typeof protectionObj>;
