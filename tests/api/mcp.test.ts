import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { logs, messages } from '../../db/schema';
import { TOOLS } from '../../src/routes/mcp/tools';
import { conversationParams, conversationQuery } from '../../src/shared/schemas/messaging/chats';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The MCP endpoint `POST /api/{pid}/mcp` driven by the official MCP client of @modelcontextprotocol/sdk
 * (its Streamable HTTP transport, with `fetch` going to the app in process): tools listed with their
 * REST schemas, a message sent through the send queue and read back, one API log row per tool call,
 * and a tenant's token seeing nothing of another tenant.
 */

let t: TestApp;
let api: Api;
let other: Api;
let phone: number;

/** An MCP client connected to `/api/{pid}/mcp` with `token`. */
async function connect(pid: string, token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost/api/${pid}/mcp`), {
    requestInit: { headers: { 'x-api-key': token } },
    fetch: async (input, init) => t.app.request(String(input), init as RequestInit),
  });
  const client = new Client({ name: 'wapi-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A tool's answer as JSON (its text content; structuredContent holds the same). */
const json = (r: unknown) => JSON.parse(((r as CallToolResult).content[0] as { text: string }).text) as any;

beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
  ({ api: other } = await customer(t));
  phone = await api.addPhone();
  await api.link(phone, '905300000001');
});
afterAll(async () => {
  await t?.close();
});

describe('MCP endpoint', () => {
  it("lists the sixteen tools with the REST endpoints' schemas, the read-only ones marked", async () => {
    const client = await connect(api.pid, api.token);
    expect(client.getServerVersion()?.name).toBe('wapi-whatsapp');
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([
      'add_optouts',
      'cancel_campaign',
      'check_number',
      'create_campaign',
      'get_campaign',
      'list_campaigns',
      'list_conversations',
      'list_optouts',
      'list_phones',
      'pause_campaign',
      'phone_status',
      'read_conversation',
      'remove_optout',
      'resume_campaign',
      'search_messages',
      'send_message',
    ]);
    const read = Object.fromEntries(tools.map((x) => [x.name, x.annotations?.readOnlyHint]));
    expect(read).toEqual({
      list_phones: true,
      phone_status: true,
      send_message: false,
      list_conversations: true,
      read_conversation: true,
      check_number: true,
      search_messages: true,
      list_campaigns: true,
      get_campaign: true,
      create_campaign: false,
      pause_campaign: false,
      resume_campaign: false,
      cancel_campaign: false,
      list_optouts: true,
      add_optouts: false,
      remove_optout: false,
    });
    // Ending something is marked destructive: a cancel, a removal from the opt-out list.
    expect(
      tools
        .filter((x) => x.annotations?.destructiveHint)
        .map((x) => x.name)
        .sort(),
    ).toEqual(['cancel_campaign', 'remove_optout']);
    // read_conversation's input is the REST call's path and query schemas, as JSON Schema.
    const { $schema: _s, ...rest } = z.toJSONSchema(conversationParams.extend(conversationQuery.shape), {
      io: 'input',
    }) as Record<string, unknown>;
    expect(tools.find((x) => x.name === 'read_conversation')!.inputSchema).toEqual(rest);
    const send = tools.find((x) => x.name === 'send_message')!.inputSchema as {
      properties: Record<string, { enum?: string[] }>;
      required: string[];
    };
    expect(send.required).toEqual(['phone_id', 'to_number']);
    expect(send.properties.type!.enum).toEqual(expect.arrayContaining(['text', 'media', 'location', 'contact']));
    expect(Object.keys(send.properties)).toEqual(
      expect.arrayContaining(['phone_id', 'idempotency_key', 'to_number', 'message', 'latitude', 'longitude', 'text']),
    );
    await client.close();
  });

  it('sends a message through the queue, reads the conversation newest first, and logs each call', async () => {
    const client = await connect(api.pid, api.token);
    const phones = json(await client.callTool({ name: 'list_phones', arguments: {} }));
    expect(phones.data.map((p: { id: number }) => p.id)).toEqual([phone]);
    expect(json(await client.callTool({ name: 'phone_status', arguments: { phone_id: String(phone) } }))).toMatchObject(
      { success: true, phone_status: 'active' },
    );

    const first = json(
      await client.callTool({
        name: 'send_message',
        arguments: { phone_id: String(phone), to_number: '905301234561', message: 'first from the agent' },
      }),
    );
    const sent = await client.callTool({
      name: 'send_message',
      arguments: { phone_id: phone, to_number: '905301234561', type: 'text', message: 'hello from the agent' },
    });
    expect(sent.isError).toBeFalsy();
    const { msgId } = json(sent);
    expect(json(sent)).toEqual({
      success: true,
      msgId,
      chatId: '905301234561@c.us',
      data: { chatId: '905301234561@c.us', msgId },
    });
    // Through the durable queue: the row is there, and the runner sends it.
    await eventually(
      async () => (await t.db.select().from(messages).where(eq(messages.id, msgId)).get())?.status === 'sent',
      5_000,
      'the message to go out',
    );
    // A location and a media URL go through the same schema.
    expect(
      (
        await client.callTool({
          name: 'send_message',
          arguments: {
            phone_id: String(phone),
            to_number: '905301234561',
            type: 'location',
            latitude: 41.01,
            longitude: 28.97,
            text: 'here',
          },
        })
      ).isError,
    ).toBeFalsy();

    const conv = json(
      await client.callTool({
        name: 'read_conversation',
        arguments: { phone_id: String(phone), conversation_id: '905301234561@c.us', limit: 2 },
      }),
    );
    expect(conv.data.messages.map((m: { type: string }) => m.type)).toEqual(['location', 'text']);
    expect(conv.data.messages[1]).toMatchObject({ id: msgId, text: 'hello from the agent', fromMe: true });
    expect(conv.next_before).toBe(msgId);
    const older = json(
      await client.callTool({
        name: 'read_conversation',
        arguments: {
          phone_id: String(phone),
          conversation_id: '905301234561@c.us',
          limit: '2',
          before: conv.next_before,
        },
      }),
    );
    expect(older.data.messages.map((m: { id: string }) => m.id)).toEqual([first.msgId]);
    expect(older.next_before).toBeNull();
    // The SDK's names (phoneId, chatId) are read as the REST ones.
    const aliased = json(
      await client.callTool({
        name: 'read_conversation',
        arguments: { phoneId: phone, chatId: '905301234561@c.us', limit: 1 },
      }),
    );
    expect(aliased.data.messages.map((m: { type: string }) => m.type)).toEqual(['location']);

    const chats = json(await client.callTool({ name: 'list_conversations', arguments: { phone_id: String(phone) } }));
    expect(chats.data.map((c: { id: string }) => c.id)).toContain('905301234561@c.us');
    const found = json(
      await client.callTool({ name: 'search_messages', arguments: { phone_id: String(phone), query: 'HELLO from' } }),
    );
    expect(found.data.map((m: { id: string }) => m.id)).toEqual([msgId]);
    const checked = json(
      await client.callTool({ name: 'check_number', arguments: { phone_id: String(phone), number: '905301234567' } }),
    );
    expect(checked.data.result).toMatchObject({ number: '905301234567' });

    // One API log row per tool call, as a REST call's: the tool's name and arguments in the body.
    const rows = await t.db.select().from(logs).where(eq(logs.pid, api.pid)).orderBy(desc(logs.id)).all();
    const mcpRows = rows
      .map(
        (r) =>
          r.data as { path: string; body: { tool: string; arguments: Record<string, unknown> }; statusCode: number },
      )
      .filter((d) => d.path === `/api/${api.pid}/mcp`);
    expect(mcpRows.map((d) => d.body.tool).reverse()).toEqual([
      'list_phones',
      'phone_status',
      'send_message',
      'send_message',
      'send_message',
      'read_conversation',
      'read_conversation',
      'read_conversation',
      'list_conversations',
      'search_messages',
      'check_number',
    ]);
    const sendRow = rows.find((r) => (r.data as { response?: { msgId?: string } }).response?.msgId === msgId)!;
    expect(sendRow).toMatchObject({ phoneId: phone, type: 'incoming' });
    expect(sendRow.data).toMatchObject({
      method: 'POST',
      statusCode: 200,
      body: { tool: 'send_message', arguments: { to_number: '905301234561', message: 'hello from the agent' } },
    });
    // Protocol messages (initialize, tools/list) are not calls of the API: no rows of their own.
    expect(rows.filter((r) => (r.data as { path?: string }).path?.endsWith('/mcp'))).toHaveLength(mcpRows.length);
    await client.close();
  });

  it('answers a bad argument as a tool error in the one error shape, logged as an error', async () => {
    const client = await connect(api.pid, api.token);
    const bad = await client.callTool({
      name: 'send_message',
      arguments: { phone_id: String(phone), to_number: '905301234567', type: 'poll', message: 'Which?' },
    });
    expect(bad.isError).toBe(true);
    expect(json(bad)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    const row = await t.db.select().from(logs).where(eq(logs.pid, api.pid)).orderBy(desc(logs.id)).get();
    expect(row).toMatchObject({ type: 'error', data: { statusCode: 400, body: { tool: 'send_message' } } });
    const missing = await client.callTool({ name: 'phone_status', arguments: { phone_id: '999999' } });
    expect([missing.isError, json(missing).error.code]).toEqual([true, 'NOT_FOUND']);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.close();
  });

  it("gives another tenant's token nothing: refused on this product, and this product's phone unknown on its own", async () => {
    await expect(connect(api.pid, other.token)).rejects.toThrow(/UNAUTHORIZED/);
    const res = await t.app.request(`/api/${api.pid}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-api-key': other.token,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });

    const client = await connect(other.pid, other.token);
    expect(json(await client.callTool({ name: 'list_phones', arguments: {} })).data).toEqual([]);
    for (const [name, args] of [
      ['phone_status', {}],
      ['read_conversation', { conversation_id: '905301234567@c.us' }],
      ['list_conversations', {}],
      ['search_messages', { query: 'hello' }],
      ['send_message', { to_number: '905301234567', message: 'not mine' }],
    ] as const) {
      const r = await client.callTool({ name, arguments: { phone_id: String(phone), ...args } });
      expect([name, r.isError, json(r).error.code]).toEqual([name, true, 'NOT_FOUND']);
    }
    await client.close();
  });

  it('answers plain HTTP: JSON without an event stream, 405 for GET, the error shape for a body that is not JSON', async () => {
    const headers = { 'content-type': 'application/json', 'x-api-key': api.token };
    const listed = await api.request('/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
    });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(TOOLS.length);
    expect((await api.request('/mcp')).status).toBe(405);
    expect((await api.request('/mcp', { method: 'DELETE' })).status).toBe(405);
    const broken = await api.request('/mcp', { method: 'POST', headers, body: '{"jsonrpc":' });
    expect([broken.status, ((await broken.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'BAD_REQUEST',
    ]);
  });
});

describe('MCP clients learn to authenticate with the token, not OAuth', () => {
  const rpc = (headers: Record<string, string>) =>
    t.app.request(`/api/${api.pid}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('answers a 401 with a WWW-Authenticate challenge naming the Bearer scheme and x-api-key, no OAuth metadata', async () => {
    const refused: Record<string, string>[] = [{}, { 'x-api-key': other.token }, { authorization: 'Bearer nope' }];
    for (const headers of refused) {
      const res = await rpc(headers);
      expect(res.status).toBe(401);
      const challenge = res.headers.get('www-authenticate') ?? '';
      expect(challenge).toMatch(/^Bearer realm="mcp", error="invalid_token", error_description="[^"]*x-api-key[^"]*"$/);
      expect(challenge).not.toMatch(/resource_metadata/);
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
    // The official client reports our message rather than looking for an authorization server.
    await expect(connect(api.pid, 'wrong')).rejects.toThrow(/401|UNAUTHORIZED/);
  });

  it('takes the token as Authorization: Bearer', async () => {
    const res = await rpc({ authorization: `Bearer ${api.token}` });
    expect(res.status).toBe(200);
    expect((await res.json()).result.tools).toHaveLength(TOOLS.length);
  });

  it('answers the OAuth discovery documents 404 in the one error shape, saying to use the token', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      `/.well-known/oauth-protected-resource/api/${api.pid}/mcp`,
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const res = await t.app.request(path);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 404, 'application/json']);
      expect(await res.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/does not use OAuth: send the product's API token in the x-api-key header/),
        error: { code: 'NOT_FOUND' },
      });
    }
  });
});
