import type { z } from 'zod';
import { conversationId } from '../../services/messages/contacts';
import { conversationMessages, listConversations } from '../../services/messages/conversations';
import { acceptMessage } from '../../services/messages/accept';
import { acceptOnce } from '../../services/messages/idempotency';
import { searchMessages } from '../../services/messages/search';
import { checkNumber, contactJid } from '../../services/phones/checks';
import { sendingPhone } from '../../services/phones/phone-cache';
import { getPhone } from '../../services/phones/phones';
import { sendMessageSchema } from '../../shared/schemas/messaging/send';
import { checkNumberArgs, readConversationArgs, searchMessagesArgs, sendToolHead } from '../../shared/schemas/mcp';
import { phoneParams, listPhonesQuery } from '../../shared/schemas/messaging/requests';
import { statusView } from '../messaging/phone-status';
import { phoneList } from '../messaging/phones';
import { CAMPAIGN_TOOLS } from './campaign-tools';
import { asQuery, inputJson, parseWith, queryTool, type McpTool, type ToolEnv, type ToolResult } from './tool-kit';

const SEND_HEAD = new Set(Object.keys(sendToolHead.shape));
type SendArgs = z.output<typeof sendToolHead> & { message: z.output<typeof sendMessageSchema> };

/**
 * The send tool's JSON Schema: one object with the phone, the key and every field of every message
 * type (the types' own schemas differ in `message`). MCP clients and model APIs take an object
 * without a top-level oneOf; the arguments are then checked by sendMessage's own schema.
 */
function sendInputSchema(): Record<string, unknown> {
  const head = inputJson(sendToolHead) as { properties: Record<string, unknown>; required: string[] };
  const variants = (
    inputJson((sendMessageSchema as unknown as { out: z.ZodType }).out) as {
      oneOf: { properties: Record<string, Record<string, unknown>> }[];
    }
  ).oneOf;
  const properties: Record<string, unknown> = { ...head.properties };
  const messageForms: unknown[] = [];
  for (const v of variants) {
    for (const [k, p] of Object.entries(v.properties)) {
      if (k === 'type') continue;
      if (k === 'message') {
        if (!messageForms.some((m) => JSON.stringify(m) === JSON.stringify(p))) messageForms.push(p);
      } else properties[k] ??= p;
    }
  }
  const types = variants.map((v) => (v.properties.type as { const: string }).const);
  properties.type = {
    type: 'string',
    enum: types,
    default: 'text',
    description:
      'The message type (text when absent). text: message is the text; media: message is an http(s) URL, text the caption; location: latitude and longitude; contact: message is the contact to share (905301234567@c.us)',
  };
  properties.message = {
    anyOf: messageForms,
    description: 'The text, the media URL, the contact, the question... as the type needs',
  };
  return { type: 'object', properties, required: [...head.required, 'to_number'] };
}

const phoneOnly = phoneParams;

export const TOOLS: McpTool[] = [
  queryTool({
    name: 'list_phones',
    title: 'List phones',
    description:
      "The WhatsApp phones of this account: id, number, status, queue length. Use a phone's id as phone_id in the other tools. Same as GET /listPhones.",
    readOnly: true,
    schema: listPhonesQuery,
    run: async (env, args) => ({ result: await phoneList(env.ctx, env.product.id, args.config === 'true') }),
  }),
  queryTool({
    name: 'phone_status',
    title: 'Phone status',
    description: 'Whether a phone is connected and can send (its session state). Same as GET /{phone_id}/status.',
    readOnly: true,
    schema: phoneOnly,
    run: async (env, args) => ({ result: statusView(await getPhone(env.ctx, env.product.id, args.phone_id)) }),
  }),
  {
    name: 'send_message',
    title: 'Send a message',
    description:
      'Queues a WhatsApp message on a phone and answers its msgId before it is sent (messages go out in order through the durable send queue). Types: text (message), media by URL (message, text as caption), location (latitude, longitude), contact (message: the contact id to share), and the other types of POST /{phone_id}/sendMessage. Pass idempotency_key to retry safely.',
    readOnly: false,
    inputSchema: sendInputSchema(),
    parse(args) {
      const { phone_id, phoneId: _alias, idempotency_key, ...body } = args;
      const head = parseWith(
        sendToolHead,
        asQuery(
          { phone_id: phone_id ?? args.phoneId, ...(idempotency_key === undefined ? {} : { idempotency_key }) },
          SEND_HEAD,
        ),
        'BAD_REQUEST',
      );
      return { ...head, message: parseWith(sendMessageSchema, body, 'BAD_REQUEST') } satisfies SendArgs;
    },
    run: async (env: ToolEnv, args: SendArgs): Promise<ToolResult> => {
      const phone = await sendingPhone(env.ctx, env.product.id, args.phone_id);
      const answer = (id: string, chatId: string) => ({
        success: true,
        msgId: id,
        chatId,
        data: { chatId, msgId: id },
      });
      // As sendMessage: with a key, its record is written with the message row.
      const key = args.idempotency_key;
      const { id, chatId } = key
        ? await acceptOnce(env.ctx, phone.pid, key, { phone: phone.id, message: args.message }, (claim) =>
            acceptMessage(env.ctx, phone, args.message, claim),
          )
        : await acceptMessage(env.ctx, phone, args.message);
      return { result: answer(id, chatId) };
    },
  },
  queryTool({
    name: 'list_conversations',
    title: 'List conversations',
    description:
      'The chats and groups of a phone, latest first, with their last message and unread count. Same as GET /{phone_id}/getConversations.',
    readOnly: true,
    schema: phoneOnly,
    run: async (env, args) => {
      const phone = await getPhone(env.ctx, env.product.id, args.phone_id);
      return { result: { success: true, data: await listConversations(env.ctx, phone.id) } };
    },
  }),
  queryTool({
    name: 'read_conversation',
    title: 'Read a conversation',
    description:
      "Messages of one chat, newest first, a page at a time: `limit` messages (default 100), and for the next page pass `before` = the answer's next_before. Same as GET /{phone_id}/getConversations/{conversation_id}.",
    readOnly: true,
    schema: readConversationArgs,
    run: async (env, args) => {
      const phone = await getPhone(env.ctx, env.product.id, args.phone_id);
      const data = await conversationMessages(env.ctx, phone.id, conversationId(args.conversation_id), {
        limit: args.limit,
        before: args.before,
      });
      const newestFirst = [...data.messages].reverse();
      const oldest = newestFirst.at(-1);
      return {
        result: {
          success: true,
          data: { ...data, messages: newestFirst },
          next_before: newestFirst.length === args.limit && oldest ? oldest.id : null,
        },
      };
    },
  }),
  queryTool({
    name: 'check_number',
    title: 'Check a number',
    description:
      'Whether a number is on WhatsApp (status 200) or not (404), asked through a connected phone. Same as GET /{phone_id}/checknumberstatus.',
    readOnly: true,
    schema: checkNumberArgs,
    run: async (env, args) => {
      const phone = await getPhone(env.ctx, env.product.id, args.phone_id);
      return {
        result: {
          success: true,
          data: { success: true, result: await checkNumber(env.ctx, phone, contactJid(args.number)) },
        },
      };
    },
  }),
  queryTool({
    name: 'search_messages',
    title: 'Search messages',
    description:
      'Messages of a phone whose text (a text, a caption, a link title) holds the words, newest first, optionally in one chat. Same as GET /{phone_id}/searchMessages.',
    readOnly: true,
    schema: searchMessagesArgs,
    run: async (env, args) => {
      const phone = await getPhone(env.ctx, env.product.id, args.phone_id);
      const data = await searchMessages(env.ctx, phone.id, args.query, {
        limit: args.limit,
        chatId: args.chat_id ? conversationId(args.chat_id) : undefined,
      });
      return { result: { success: true, data } };
    },
  }),
  ...CAMPAIGN_TOOLS,
];
