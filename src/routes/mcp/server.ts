import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ApiError, codeToStatus, errorBody } from '../../errors';
import type { AppContext } from '../../env';
import { apiLogEntry } from '../../middleware/api-log';
import { logApiCall } from '../../services/logs/write';
import { requestScope } from '../../services/unit-of-work';
import { parsePhoneId } from '../../services/phones/phones';
import { brandName } from '../../shared/brand';
import type { McpTool, ToolEnv } from './tool-kit';
import { TOOLS } from './tools';

const MCP_SERVER_VERSION = '1.0.0';

const byName = new Map(TOOLS.map((t) => [t.name, t]));

/**
 * The server never asks the client for structured input (elicitation), the one thing the SDK checks
 * JSON Schemas for; a validator that refuses keeps Ajv, which compiles schemas with `new Function`
 * (refused on Workers), from running at all.
 */
const noSchemaValidation: jsonSchemaValidator = {
  getValidator: () => () => ({
    valid: false,
    data: undefined,
    errorMessage: 'This server validates no client schemas.',
  }),
};

/** What tools/list shows of a tool: MCP's fields, with the read-only ones marked. */
function listed(t: McpTool) {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema as { type: 'object'; [k: string]: unknown },
    annotations: {
      title: t.title,
      readOnlyHint: t.readOnly,
      destructiveHint: t.destructive ?? false,
      idempotentHint: t.readOnly,
      openWorldHint: !t.readOnly,
    },
  };
}

const asText = (value: unknown): CallToolResult['content'] => [{ type: 'text', text: JSON.stringify(value) }];

/**
 * Runs one tool call as the REST endpoint would: the same schemas, services and limits, and one API
 * log row (path `/api/{pid}/mcp`, method POST, body `{ tool, arguments }`, the status the REST call
 * would have answered, the answer) durable before the result leaves. A failure is the tool's
 * result with `isError` and the one error shape, as a REST call's body would be.
 */
async function callTool(
  c: AppContext,
  request: ToolEnv,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const tool = byName.get(name);
  // Each call its own unit of work: its writes (a queued message) and its log row are durable before its result.
  const env = { ...request, ctx: requestScope(request.ctx) };
  const rawPhone = args.phone_id;
  const phoneId = typeof rawPhone === 'number' || typeof rawPhone === 'string' ? parsePhoneId(String(rawPhone)) : null;
  const log = (statusCode: number, response: unknown) => {
    const data = apiLogEntry({
      path: c.req.path,
      method: 'POST',
      body: { tool: name, arguments: args },
      statusCode,
      response,
      requestId: c.get('requestId'),
    });
    return logApiCall(env.ctx, env.product.id, phoneId, statusCode >= 400, data, (err) =>
      c.get('deps').log?.({ level: 'error', msg: 'api log write failed', err: String(err) }),
    );
  };
  if (!tool) {
    const response = errorBody(c.get('requestId'), 'NOT_FOUND', `No tool named ${name}.`);
    await log(404, response);
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names them.`);
  }
  try {
    const { result } = await tool.run(env, tool.parse(args) as never);
    // The message row and its log row are written together, as sendMessage's are.
    await log(200, result);
    const structured = Array.isArray(result) ? { data: result } : result;
    return { content: asText(structured), structuredContent: structured };
  } catch (err) {
    if (!(err instanceof ApiError))
      c.get('deps').log?.({
        level: 'error',
        msg: 'mcp tool failed',
        tool: name,
        requestId: c.get('requestId'),
        err: err instanceof Error ? err.stack : String(err),
      });
    const failure =
      err instanceof ApiError ? err : new ApiError('INTERNAL', 'Something went wrong on our side. Please try again.');
    const body = errorBody(c.get('requestId'), failure.code, failure.message, failure.details, failure.compat);
    await log(codeToStatus[failure.code], body);
    return { content: asText(body), structuredContent: body, isError: true };
  }
}

/** An MCP server for one request (stateless: no session id), answering with the product's tools. */
function mcpServer(c: AppContext, env: ToolEnv): Server {
  const server = new Server(
    {
      name: `${c.get('deps').config.BRAND}-whatsapp`,
      title: `${brandName(c.get('deps').config.BRAND)} WhatsApp`,
      version: MCP_SERVER_VERSION,
    },
    {
      capabilities: { tools: {} },
      instructions:
        "Read and answer WhatsApp chats of this account's phones, run campaigns and keep the opt-out list. Start with list_phones; the chat tools take a phone_id from it, create_campaign its phone_ids. send_message queues a message and answers its msgId.",
      jsonSchemaValidator: noSchemaValidation,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS.map(listed) }));
  server.setRequestHandler(CallToolRequestSchema, (req) =>
    callTool(c, env, req.params.name, req.params.arguments ?? {}),
  );
  return server;
}

/**
 * Answers one Streamable HTTP request with the web-standard transport (the same on Node and on
 * Workers) in stateless JSON mode: a new server and transport per request, JSON answers rather than
 * an event stream, nothing kept between requests. `message` is the body, already read and parsed.
 */
export async function answerMcp(c: AppContext, env: ToolEnv, message: unknown): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = mcpServer(c, env);
  await server.connect(transport);
  try {
    // The body is read (within the API's limits) and parsed already; the transport sees a JSON request
    // whatever Accept the caller sent, since it answers JSON in any case.
    const headers = new Headers(c.req.raw.headers);
    headers.set('accept', 'application/json, text/event-stream');
    headers.set('content-type', 'application/json');
    const res = await transport.handleRequest(new Request(c.req.url, { method: 'POST', headers }), {
      parsedBody: message,
    });
    if (res.status >= 400) {
      // The transport's own refusals (a bad protocol version, a batch with initialize) in the one error shape.
      const text = await res.text();
      let detail = text;
      try {
        detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
      } catch {
        /* not JSON: the text as it is */
      }
      throw new ApiError('BAD_REQUEST', detail || 'The MCP request could not be handled.');
    }
    return res;
  } finally {
    await server.close();
  }
}
