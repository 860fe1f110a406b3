import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX } from '../../message-limits';

/** Longest text WhatsApp takes in one message. */
export const TEXT_MAX = 65_536;
const POLL_OPTIONS_MAX = 12;
const VCARDS_MAX = 20;

const recipient = z
  .union([z.string().min(1).max(100), z.number().int().positive()], {
    error: 'is required: the number with its country code, or a group id',
  })
  .describe(
    'Number in the international format, with its country code: 905301234567, +90 530 123 4567 and 0090 530 123 4567 are the same; a national number such as 05301234567 names no country and is answered 422. Or a chat / group id such as 905301234567@c.us or 905301234567-1574073754@g.us',
  );
const messageId = z.string().min(1).max(300);
const common = {
  to_number: recipient,
  skip_filter: z.boolean().optional().describe('Send even if the duplicate filter would stop it'),
  reply_to: messageId.optional().describe('Id of a message to quote'),
};
const vcard = z.object({ displayName: z.string().min(1).max(200), vcard: z.string().min(10).max(10_000) });
const coordinate = z.union([z.number(), z.string().regex(/^-?\d{1,3}(\.\d+)?$/)]).transform(Number);

/** A message without a type is a text message, as in the reference. */
function textByDefault(value: unknown): unknown {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type == null
    ? { ...value, type: 'text' }
    : value;
}

/** The body of POST /{phone_id}/sendMessage, every type of the reference's examples. */
export const sendMessageSchema = z.preprocess(
  textByDefault,
  z.discriminatedUnion(
    'type',
    [
      z.object({
        ...common,
        type: z.literal('text'),
        message: z.string({ error: 'is required: the text to send' }).min(1, 'must not be empty').max(TEXT_MAX),
      }),
      z.object({
        ...common,
        type: z.literal('media'),
        message: z
          .string({ error: 'is required: a media URL or a data:<mime>;base64, URI' })
          .min(1, 'must be a media URL or a data:<mime>;base64, URI'),
        text: z.string().max(TEXT_MAX).optional().describe('Caption'),
        filename: z.string().min(1).max(255).optional(),
      }),
      z.object({
        ...common,
        type: z.literal('vcard'),
        message: z.union([vcard, z.array(vcard).min(1).max(VCARDS_MAX)]),
      }),
      z.object({
        ...common,
        type: z.literal('contact'),
        message: z.string().min(5).max(100).describe('The contact to share, e.g. 908501234567@c.us'),
      }),
      z.object({
        ...common,
        type: z.literal('forward'),
        message: messageId.describe('Id of the message to forward'),
        forward_caption: z.boolean().optional(),
      }),
      z.object({
        ...common,
        type: z.literal('delete'),
        message: messageId.describe('Id of a message this phone sent'),
      }),
      z.object({
        ...common,
        type: z.literal('reaction'),
        message: z.string().max(16).describe('An emoji; empty removes the reaction'),
        reply_to: messageId,
      }),
      z.object({ ...common, type: z.literal('edit'), message: z.string().min(1).max(TEXT_MAX), reply_to: messageId }),
      z.object({
        ...common,
        type: z.literal('location'),
        latitude: coordinate.pipe(z.number().min(-90).max(90)),
        longitude: coordinate.pipe(z.number().min(-180).max(180)),
        text: z.string().max(1_000).optional(),
      }),
      z.object({
        ...common,
        type: z.literal('link'),
        message: z.url({ protocol: /^https?$/ }),
        text: z.string().max(TEXT_MAX).optional(),
      }),
      z.object({
        ...common,
        type: z.literal('product'),
        productId: z.string().regex(/^\d{5,30}$/, 'productId must be the catalog product id'),
      }),
      z.object({
        ...common,
        type: z.literal('buttons'),
        message: z.string().min(1).max(1_024),
        buttons: z
          .array(z.object({ id: z.string().min(1).max(256), text: z.string().min(1).max(20) }))
          .min(1)
          .max(3),
        title: z.string().max(60).optional(),
        footer: z.string().max(60).optional(),
      }),
      z.object({
        ...common,
        type: z.literal('poll'),
        message: z.string().min(1).max(255).describe('The question'),
        options: z.array(z.string().min(1).max(100)).min(2).max(POLL_OPTIONS_MAX),
        only_one: z.boolean().optional().describe('Single choice'),
      }),
      z.object({
        ...common,
        type: z.literal('list'),
        message: z.string().min(1).max(4_096).describe('The body text'),
        button: z.string().min(1).max(20).describe('The label of the button that opens the list'),
        sections: z
          .array(
            z.object({
              title: z.string().max(24).optional(),
              rows: z
                .array(
                  z.object({
                    id: z.string().min(1).max(200),
                    title: z.string().min(1).max(24),
                    description: z.string().max(72).optional(),
                  }),
                )
                .min(1)
                .max(10),
            }),
          )
          .min(1)
          .max(10)
          .describe("Up to 10 sections of rows (10 rows in all); a reply carries the chosen row's id"),
        title: z.string().max(60).optional(),
        footer: z.string().max(60).optional(),
      }),
      z.object({
        ...common,
        type: z.literal('template'),
        template: z
          .object({
            name: z.string().min(1).max(512).describe("The approved template's name"),
            language: z
              .union([
                z.string().min(2).max(15),
                z.object({ code: z.string().min(2).max(15), policy: z.string().max(20).optional() }),
              ])
              .describe('Its language: a code such as en_US, or {"code": "en_US"}'),
            components: z
              .array(z.record(z.string(), z.unknown()))
              .max(20)
              .optional()
              .describe('Header, body and button parameters, as the Cloud API documents them'),
          })
          .describe('An approved template of an official (Cloud API) number'),
      }),
    ],
    {
      error:
        'type must be one of text, media, vcard, contact, forward, delete, reaction, edit, location, link, product, buttons, poll, list, template',
    },
  ),
);
export type SendMessageBody = z.infer<typeof sendMessageSchema>;
export type MessageType = SendMessageBody['type'];

/** sendMessage's answer (reference: sendMessageResponse). */
export const sendMessageResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ chatId: z.string(), msgId: z.string() }),
});

/** The sendMessage header that makes a retry safe. */
export const idempotencyHeader = z.object({
  'idempotency-key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX).optional().meta({
    description:
      'Any unique string (a UUID) per message: a retry with the same key and body is answered, not sent again (24 hours)',
    example: '8e03978e-40d5-43e8-bc93-6894a57f9324',
  }),
});
