import { z } from 'zod';
import { OPTOUT_WORD_MAX_LENGTH, OPTOUT_WORDS_MAX, OPTOUTS_PAGE_MAX, OPTOUTS_PER_CALL } from '../optout-limits';

/** The opt-out list's calls (issue 41): `/api/{productId}/optouts`. */

export const optoutsQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}_\d{1,20}$/, 'cursor is not one this list gave.')
    .optional()
    .meta({ description: "The previous page's next_cursor" }),
  limit: z.coerce.number().int().min(1).max(OPTOUTS_PAGE_MAX).default(100).meta({ description: 'Rows per page' }),
});

const optoutRow = z.object({
  number: z.string().meta({ description: 'The international number, digits only', example: '905301234567' }),
  source: z.enum(['keyword', 'api']).meta({
    description:
      "keyword: the customer wrote STOP, UNSUBSCRIBE or one of the product's words; api: added with POST /optouts",
  }),
  phone_id: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The phone the keyword arrived on (null when added by the API)' }),
  created_at: z.number().int().meta({ description: 'Seconds since the epoch' }),
});
export const optoutsResponse = z.object({
  success: z.boolean(),
  data: z.array(optoutRow).meta({ description: 'Newest first' }),
  next_cursor: z.string().nullable().meta({ description: 'Pass as ?cursor= for the next page; null on the last' }),
});

const numberInput = z.union([z.string().max(50, 'Each number is at most 50 characters.'), z.number()]);

export const optoutNumbersBody = z.object({
  numbers: z
    .array(numberInput)
    .min(1, 'numbers is empty.')
    .max(OPTOUTS_PER_CALL, `At most ${OPTOUTS_PER_CALL} numbers a call.`)
    .meta({
      description: 'Numbers in the international format (905301234567, +90 530 123 4567, 0090…)',
      example: ['905301234567', '+90 530 123 4568'],
    }),
});
export const optoutsAddResponse = z.object({
  success: z.boolean(),
  added: z.array(z.string()).meta({ description: 'Numbers put on the list by this call' }),
  already: z.array(z.string()).meta({ description: 'Numbers that were on the list already (left as they were)' }),
  invalid: z.array(z.object({ number: z.string(), error: z.string() })).meta({
    description: 'Entries that are not a phone number in the international format: nothing was added for them',
  }),
});

export const optoutNumberParams = z.object({
  number: z
    .string()
    .max(50)
    .meta({ description: 'The number, international format (905301234567 or +905301234567)', example: '905301234567' }),
});
export const optoutDeleteResponse = z.object({
  success: z.boolean(),
  number: z.string(),
  removed: z.boolean().meta({ description: 'false: the number was not on the list' }),
});

const word = z
  .string()
  .trim()
  .min(1, 'A word cannot be empty.')
  .max(OPTOUT_WORD_MAX_LENGTH, `A word is at most ${OPTOUT_WORD_MAX_LENGTH} characters.`);
export const optoutSettingsBody = z.object({
  words: z
    .array(word)
    .max(OPTOUT_WORDS_MAX, `At most ${OPTOUT_WORDS_MAX} words.`)
    .meta({
      description: `The product's words besides STOP and UNSUBSCRIBE (which always apply), up to ${OPTOUT_WORDS_MAX}, 1-${OPTOUT_WORD_MAX_LENGTH} characters each; compared with the whole message, trimmed, in any case. Replaces the previous list.`,
      example: ['DUR', 'İPTAL'],
    }),
});
export const optoutSettingsResponse = z.object({
  success: z.boolean(),
  words: z.array(z.string()).meta({ description: "The product's words, in lower case" }),
  built_in: z.array(z.string()).meta({ description: 'Always apply', example: ['stop', 'unsubscribe'] }),
});
export type OptoutRow = z.infer<typeof optoutRow>;
export type OptoutSettings = z.infer<typeof optoutSettingsResponse>;
