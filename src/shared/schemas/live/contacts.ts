import { z } from 'zod';
import { INBOX_ORG_MSG } from '../../inbox-org-messages';

/** The inbox's contact panel (`/api/live/contacts/{chatId}`): requests and answers. */

export const contactParams = z.object({
  chatId: z
    .string()
    .min(3)
    .max(120)
    .regex(/^[^:\s]+$/)
    .meta({ param: { name: 'chatId', in: 'path' }, example: '905301234567@c.us' }),
});

const attributes = z
  .record(
    z.string().regex(/^[\w .-]{1,40}$/, INBOX_ORG_MSG.attributeKey),
    z.string().max(500).meta({ description: 'A value, at most 500 characters' }),
  )
  .refine((a) => Object.keys(a).length <= 50, INBOX_ORG_MSG.attributesLimit)
  .meta({ description: 'A flat map of text values (at most 50)', example: { plan: 'gold' } });

export const contactBody = z.looseObject({
  name: z.string().trim().max(100).optional().meta({ description: 'Empty: back to the chat name' }),
  email: z
    .union([z.literal(''), z.email().max(254)])
    .optional()
    .meta({ description: 'Empty removes it', example: 'ada@example.com' }),
  attributes: attributes.optional().meta({ description: 'Replaces the attributes' }),
});

export const contactAnswer = z.object({
  success: z.boolean(),
  data: z
    .object({
      chat_id: z.string(),
      name: z.string(),
      number: z.string().meta({ description: 'With +, empty when the chat id carries none' }),
      email: z.string().nullable(),
      attributes: z.record(z.string(), z.string()),
      labels: z.array(z.string()).meta({ description: "The labels on the contact's conversations" }),
      conversations: z.array(
        z.object({
          id: z.number().int(),
          status: z.enum(['open', 'closed']),
          created_at: z.number().int(),
          closed_at: z.number().int().nullable(),
        }),
      ),
    })
    .meta({ id: 'LiveContact' }),
});
