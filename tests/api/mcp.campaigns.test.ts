import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCampaignBody } from '../../src/shared/schemas/campaigns';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The MCP tools of campaigns and the opt-out list (issue 41), driven by the official MCP client: the
 * same schemas, services and answers as the REST calls, bad input as a tool error in the one error
 * shape, and another tenant's campaigns and phones unknown.
 */

let t: TestApp;
let api: Api;
let other: Api;
let phone: number;

async function connect(pid: string, token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost/api/${pid}/mcp`), {
    requestInit: { headers: { 'x-api-key': token } },
    fetch: async (input, init) => t.app.request(String(input), init as RequestInit),
  });
  const client = new Client({ name: 'wapi-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const json = (r: unknown) => JSON.parse(((r as CallToolResult).content[0] as { text: string }).text) as any;

beforeAll(async () => {
  // The campaigns wait for their schedule (2030): the tools' answers are read as they are.
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
  ({ api: other } = await customer(t));
  phone = await api.addPhone();
});
afterAll(async () => {
  await t?.close();
});

const campaign = {
  name: 'From an agent',
  message: { type: 'text', message: 'Hello {{name}}' },
  recipients: [
    { number: '905301234001', variables: { name: 'Ayşe' } },
    { number: '905301234002', variables: { name: 'Can' } },
    { number: '905301234001', variables: { name: 'Ayşe' } },
  ],
  schedule_at: '2030-01-01T00:00:00Z',
};

describe('MCP tools: campaigns and opt-outs', () => {
  it("creates a campaign with POST /campaigns' schema, reads, pauses, resumes and cancels it as REST does", async () => {
    const client = await connect(api.pid, api.token);
    const { tools } = await client.listTools();
    const { $schema: _s, ...input } = z.toJSONSchema(createCampaignBody, { io: 'input' }) as Record<string, unknown>;
    expect(tools.find((x) => x.name === 'create_campaign')!.inputSchema).toEqual(input);

    const created = await client.callTool({ name: 'create_campaign', arguments: { ...campaign, phone_ids: [phone] } });
    expect(created.isError).toBeFalsy();
    const data = json(created).data;
    expect(data).toMatchObject({ status: 'scheduled', total: 2, duplicates: 1, invalid: 0, opted_out: 0 });

    const listed = json(await client.callTool({ name: 'list_campaigns', arguments: {} }));
    expect(listed.data.map((c: { id: string }) => c.id)).toEqual([data.id]);
    const got = json(await client.callTool({ name: 'get_campaign', arguments: { id: data.id } }));
    expect(got).toEqual((await api.get(`/campaigns/${data.id}`)).body);
    expect(got.data.counts).toMatchObject({ held: 2, queued: 0 });

    for (const [tool, status] of [
      ['pause_campaign', 'paused'],
      ['resume_campaign', 'scheduled'],
      ['cancel_campaign', 'cancelled'],
    ] as const) {
      const r = await client.callTool({ name: tool, arguments: { id: data.id } });
      expect([tool, r.isError ?? false, json(r).data.status]).toEqual([tool, false, status]);
    }
    const again = await client.callTool({ name: 'resume_campaign', arguments: { id: data.id } });
    expect([again.isError, json(again).error]).toEqual([
      true,
      expect.objectContaining({ code: 'CONFLICT', message: 'The campaign is cancelled: it cannot be resumed.' }),
    ]);
    await client.close();
  });

  it('answers bad input as a tool error in the one error shape: an empty list, a missing variable, malformed ids', async () => {
    const client = await connect(api.pid, api.token);
    const error = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, name).toBe(true);
      return json(r).error as { code: string; message: string };
    };
    expect(await error('create_campaign', { ...campaign, phone_ids: [phone], recipients: [] })).toMatchObject({
      code: 'VALIDATION',
      message: 'recipients must not be empty.',
    });
    expect(
      (await error('create_campaign', { ...campaign, phone_ids: [phone], recipients: [{ number: '905301234001' }] }))
        .code,
    ).toBe('VALIDATION');
    expect((await error('create_campaign', { name: 'x' })).code).toBe('VALIDATION');
    expect((await error('get_campaign', { id: 'x'.repeat(65) })).code).toBe('VALIDATION');
    expect((await error('get_campaign', { id: 'no-such-campaign' })).code).toBe('NOT_FOUND');
    expect((await error('add_optouts', { numbers: [] })).code).toBe('VALIDATION');
    expect((await error('list_optouts', { cursor: 'nope' })).code).toBe('VALIDATION');
    await client.close();
  });

  it('keeps the opt-out list: adds, lists and removes numbers as /optouts does', async () => {
    const client = await connect(api.pid, api.token);
    const added = json(
      await client.callTool({ name: 'add_optouts', arguments: { numbers: ['905301234567', 'not a number'] } }),
    );
    expect(added).toMatchObject({ success: true });
    expect(added.invalid).toHaveLength(1);
    const list = json(await client.callTool({ name: 'list_optouts', arguments: { limit: 10 } }));
    expect(list).toEqual((await api.get('/optouts?limit=10')).body);
    expect(list.data.map((r: { number: string }) => r.number)).toEqual(['905301234567']);
    const removed = await client.callTool({ name: 'remove_optout', arguments: { number: '+905301234567' } });
    expect(removed.isError).toBeFalsy();
    expect(json(await client.callTool({ name: 'list_optouts', arguments: {} })).data).toEqual([]);
    await client.close();
  });

  it("gives another tenant's token none of this product's campaigns or phones", async () => {
    const mine = await api.post('/campaigns', { ...campaign, phone_ids: [phone] });
    const client = await connect(other.pid, other.token);
    expect(json(await client.callTool({ name: 'list_campaigns', arguments: {} })).data).toEqual([]);
    for (const name of ['get_campaign', 'pause_campaign', 'cancel_campaign']) {
      const r = await client.callTool({ name, arguments: { id: mine.body.data.id } });
      expect([name, r.isError, json(r).error.code]).toEqual([name, true, 'NOT_FOUND']);
    }
    const foreign = await client.callTool({ name: 'create_campaign', arguments: { ...campaign, phone_ids: [phone] } });
    expect([foreign.isError, json(foreign).error.code]).toEqual([true, 'NOT_FOUND']);
    expect((await api.get(`/campaigns/${mine.body.data.id}`)).body.data.status).toBe('scheduled');
    await client.close();
  });
});
