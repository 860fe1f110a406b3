import { z } from 'zod';
import { GET_STARTED_KEYS } from '../onboarding-keys';

/** Answers of the onboarding calls: get-started progress, survey and contact (3-developer §2.6 to §2.8). */

export const getStartedAnswer = z
  .object({
    success: z.literal(true),
    percent: z.number().int().meta({
      description:
        'Share of the get-started steps done (every card but the documentation guide): a plan (trial or subscription), a linked phone, a webhook, a sent message and a paid plan',
      example: 40,
    }),
    welcome: z.boolean().meta({ description: 'No trial and no subscription yet: the console shows the welcome modal' }),
    cards: z.array(
      z.object({
        key: z.enum(GET_STARTED_KEYS),
        done: z.boolean().nullable().meta({ description: 'null for a guide with no state (documentation)' }),
      }),
    ),
  })
  .meta({ id: 'GetStarted' });

/** Survey and contact: the message the console shows once staff have it. */
export const sentToStaffAnswer = z.object({ success: z.literal(true), message: z.string() });
