import { z } from 'zod';

/**
 * A message of a conversation as `GET /{phone_id}/getConversations/{conversation_id}` (and search,
 * and the live-chat inbox) answers it, one shape per message type, so the SDK's types (generated
 * from the document) know `m.type`, `m.text`, `m.ack` and each type's own fields. Received messages
 * carry what their webhook carried (plus `status: "received"`), sent ones their delivery state.
 * Every shape is open (`additionalProperties`): an engine may report more than is declared.
 */

const user = z.object({ id: z.string(), name: z.string(), phone: z.string() }).loose();

/** The message a reply quotes, as its webhook's `quoted` (message-quoted-data). */
const quotedMessage = z
  .object({
    id: z.string().meta({
      description: 'The msgId our API answered when the quoted message was sent, or the id of a received one',
    }),
    type: z.string(),
    fromMe: z.boolean(),
    text: z.string().optional(),
    user: user.optional(),
    timestamp: z.number().meta({ description: 'Seconds since the epoch (0 when unknown)' }),
  })
  .loose()
  .meta({ id: 'QuotedMessage' });

const common = {
  id: z.string().meta({ description: 'The msgId sendMessage answered, or the id of a received message' }),
  fromMe: z.boolean(),
  timestamp: z.number().meta({ description: 'Seconds since the epoch' }),
  status: z
    .enum(['queued', 'held', 'sending', 'sent', 'failed', 'purged', 'received'])
    .meta({ description: 'Delivery state of a sent message; received messages are "received"' }),
  text: z.string().optional().meta({ description: 'The text, or the caption line the chat shows' }),
  ack: z
    .number()
    .int()
    .optional()
    .meta({ description: 'Sent messages: 0 queued, 1 sent, 2 delivered, 3 read, 4 played (the ack webhook)' }),
  error: z.string().optional().meta({ description: 'Why a sent message failed' }),
  quoted: quotedMessage.optional().meta({ description: 'The message this one replies to' }),
};

const text = z
  .object({ ...common, type: z.literal('text'), text: z.string() })
  .loose()
  .meta({ id: 'TextMessage' });
const media = z
  .object({
    ...common,
    type: z.enum(['media', 'image', 'video', 'audio', 'ptt', 'document', 'sticker']),
    url: z.string().meta({ description: 'Link to the file' }),
    caption: z.string().optional(),
    filename: z.string().optional(),
    mime: z.string().optional(),
  })
  .loose()
  .meta({ id: 'MediaMessage' });
const location = z
  .object({
    ...common,
    type: z.literal('location'),
    payload: z.string().optional().meta({ description: '"latitude,longitude"' }),
  })
  .loose()
  .meta({ id: 'LocationMessage' });
const vcardEntry = z.object({ displayName: z.string(), vcard: z.string() }).loose();
const vcard = z
  .object({ ...common, type: z.enum(['vcard', 'multi_vcard']), vcardList: z.array(vcardEntry).optional() })
  .loose()
  .meta({ id: 'VcardMessage' });
const poll = z
  .object({
    ...common,
    type: z.literal('poll'),
    options: z.array(z.string()).optional(),
    only_one: z.boolean().optional(),
  })
  .loose()
  .meta({ id: 'PollMessage' });
const buttons = z
  .object({
    ...common,
    type: z.literal('buttons'),
    buttons: z.array(z.object({ id: z.string(), text: z.string() }).loose()).optional(),
    title: z.string().optional(),
    footer: z.string().optional(),
  })
  .loose()
  .meta({ id: 'ButtonsMessage' });
const template = z
  .object({
    ...common,
    type: z.literal('template'),
    template: z
      .object({ name: z.string(), language: z.string() })
      .loose()
      .optional()
      .meta({ description: 'Name, language and parameters of a sent template (official numbers)' }),
  })
  .loose()
  .meta({ id: 'TemplateMessage' });
const link = z
  .object({ ...common, type: z.literal('link'), url: z.string().optional(), title: z.string().optional() })
  .loose()
  .meta({ id: 'LinkMessage' });
/** The types without fields of their own beyond text (sent ones, and what the engines report). */
const OTHER_TYPES = [
  'contact',
  'forward',
  'delete',
  'reaction',
  'edit',
  'product',
  'list',
  'revoked',
  'info',
  'add',
  'leave',
  'unknown',
] as const;
const other = z
  .object({ ...common, type: z.enum(OTHER_TYPES) })
  .loose()
  .meta({ id: 'OtherMessage' });

/** A message of a conversation, by its `type`. */
export const chatMessage = z
  .union([text, media, location, vcard, poll, buttons, template, link, other])
  .meta({ description: 'A message of a conversation; its type decides its fields (text, url, caption, options, ...)' });

/** A message of a conversation as the services build it. */
export type ChatMessage = z.infer<typeof chatMessage>;
