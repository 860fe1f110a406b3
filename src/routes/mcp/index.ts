import { createMiddleware } from 'hono/factory';
import type { AppContext, AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { boundedText } from '../../middleware/payload';
import { SEND_BODY_MAX } from '../../services/messages/accept';
import { errorShape } from '../../shared/schemas/common';
import { jsonRpcBody } from '../../shared/schemas/mcp';
import { endpoint, ERRORS, routes } from '../kit/declare';
import { TAGS } from '../messaging/params';
import { answerMcp } from './server';

const DESCRIPTION = [
  'The Model Context Protocol over Streamable HTTP, for AI assistants: point an MCP client at this URL with the product token in the `x-api-key` header.',
  'Tools: list_phones, phone_status, send_message, list_conversations, read_conversation, check_number, search_messages; each takes the same fields as its REST call and obeys the same limits.',
  'Stateless: no session id; every answer is JSON. Each tool call is one row of the API log (path `/api/{product_id}/mcp`, body `{ tool, arguments }`).',
].join(' ');

/**
 * Reads the JSON-RPC body within sendMessage's limit (413 past it, without reading the rest), as the
 * payload middleware does for the REST calls, but keeps a batch (an array) as it is.
 */
const rpcBody = createMiddleware<AppEnv>(async (c, next) => {
  const text = await boundedText(c, SEND_BODY_MAX);
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON: send a JSON-RPC message.');
  }
  c.set('payload', message);
  c.req.bodyCache = { json: Promise.resolve(message), text: Promise.resolve(text) as unknown as string };
  await next();
});

const post = endpoint(
  'post',
  '/mcp',
  TAGS.ai,
  'MCP endpoint for AI assistants (Streamable HTTP)',
  { body: { required: true, content: { 'application/json': { schema: jsonRpcBody } } } },
  {
    200: {
      description: 'The JSON-RPC answer (or answers, for a batch)',
      content: { 'application/json': { schema: jsonRpcBody } },
    },
    202: { description: 'Accepted: the body held only notifications or answers' },
    ...ERRORS,
  },
  { description: DESCRIPTION, middleware: [rpcBody] as const },
);
const notHere = {
  description: 'Stateless server: no event stream to open, no session to end',
  content: { 'application/json': { schema: errorShape } },
};
const get = endpoint(
  'get',
  '/mcp',
  TAGS.ai,
  'MCP event stream (not offered: answers 405)',
  {},
  { 405: notHere, ...ERRORS },
  { hide: true },
);
const del = createDelete();

function createDelete() {
  return { ...get, method: 'delete' as const, summary: 'MCP session end (not offered: answers 405)' };
}

/** GET and DELETE: every MCP client tries the GET once after connecting, so the refusal is not logged. */
function notAllowed(c: AppContext): never {
  c.set('apiLogged', true);
  throw new ApiError(
    'METHOD_NOT_ALLOWED',
    'This MCP server is stateless: it opens no event stream and keeps no session. POST JSON-RPC messages.',
  );
}

/** `POST /api/{product_id}/mcp`: the MCP endpoint, behind the token middleware like every messaging call. */
export const mcpRoutes = routes()
  .openapi(post, async (c) => {
    const res = await answerMcp(
      c,
      { ctx: c.get('ctx'), product: c.get('product'), origin: new URL(c.req.url).origin },
      c.req.valid('json'),
    );
    // Each tool call wrote its own row; the protocol's other messages (initialize, tools/list) add none.
    // A refused request (too large, not JSON, a bad protocol version) is logged as any failed call.
    c.set('apiLogged', true);
    return res as never;
  })
  .openapi(get, notAllowed)
  .openapi(del, notAllowed);
