import { z } from 'zod';
import { conversationParams, conversationQuery, searchQuery } from './messaging/chats';
import { checkNumberQuery, phoneParams } from './messaging/requests';
import { idempotencyHeader } from './messaging/send';

/** The MCP endpoint (`/mcp`): its JSON-RPC request and answer. */

const jsonRpc = z.object({ jsonrpc: z.literal('2.0') }).loose();

/** `POST /mcp`: a JSON-RPC 2.0 message or a batch, in and out. */
export const jsonRpcBody = z.union([jsonRpc, z.array(jsonRpc)]).meta({
  description:
    'A JSON-RPC 2.0 message of the Model Context Protocol (initialize, tools/list, tools/call, ...) or a batch of them',
});

/** The tools' arguments: the REST endpoint's path, query and header fields as one flat object. */

/** send_message's arguments besides the message: the phone (its path) and the Idempotency-Key (its header). */
export const sendToolHead = phoneParams.extend({ idempotency_key: idempotencyHeader.shape['idempotency-key'] });
/** read_conversation: GET /{phone_id}/getConversations/{conversation_id}. */
export const readConversationArgs = conversationParams.extend(conversationQuery.shape);
/** check_number: GET /{phone_id}/checknumberstatus. */
export const checkNumberArgs = phoneParams.extend(checkNumberQuery.shape);
/** search_messages: GET /{phone_id}/searchMessages. */
export const searchMessagesArgs = phoneParams.extend(searchQuery.shape);
