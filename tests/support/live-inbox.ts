import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { products } from '../../db/schema';
import type { Agent } from './agent';
import { confirm, liveLogin } from './live-agents';
import { customer, eventually } from './phones';
import type { TestApp } from './test-app';

/** A customer number of the simulated network. */
export const CUSTOMER = '905301234567';

/**
 * An account on a live package (owner + two agents: limit 3) with a linked simulated phone, and its
 * two agents signed in to the chat app.
 */
export async function liveAccount(t: TestApp, prefix = 'a') {
  const { agent, api, pid } = await customer(t, `owner.${prefix}@example.com`);
  await setAgentLimit(t, pid, 3);
  const call = async (path: string, payload: unknown = {}) => {
    const res = await agent.postForm(`/api/wapi/agent/${path}`, payload);
    return { status: res.status, body: (await res.json()) as any };
  };
  const o = { agent, call, email: `owner.${prefix}@example.com` };
  const phone = await api.addPhone();
  await api.link(phone);
  const agents: Agent[] = [];
  for (const name of ['ann', 'bob']) {
    const email = `${name}.${prefix}@example.com`;
    expect((await call('add', { email, password: 'secret1', update_data: { name, surname: 'Agent' } })).status).toBe(
      200,
    );
    await confirm(t, email);
    const login = await liveLogin(t, email, 'secret1');
    expect(login.status).toBe(200);
    agents.push(login.agent);
  }
  return {
    o,
    api,
    phone,
    pid,
    ann: agents[0]!,
    bob: agents[1]!,
    annEmail: `ann.${prefix}@example.com`,
    bobEmail: `bob.${prefix}@example.com`,
  };
}
export type LiveAccount = Awaited<ReturnType<typeof liveAccount>>;

/** Sets the account's agent limit (what a live package gives), owner included. */
export async function setAgentLimit(t: TestApp, pid: string, limit: number): Promise<void> {
  const row = await t.db.select({ settings: products.settings }).from(products).where(eq(products.id, pid)).get();
  await t.db
    .update(products)
    .set({ settings: { ...row!.settings, agent_limit: limit } })
    .where(eq(products.id, pid));
}

/** A simulated customer writes; answers the conversation id once the inbox lists it. */
export async function customerWrites(acc: LiveAccount, message: string, from = CUSTOMER): Promise<string> {
  const res = await acc.api.sim('/incoming', { phoneId: acc.phone, from, message });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = `${acc.phone}:${from}@c.us`;
  await eventually(
    async () => {
      const list = await json(await acc.ann.get('/api/live/conversations'));
      return list.data.find((c: any) => c.id === id && c.lastMessage === message);
    },
    5_000,
    'the conversation in the inbox',
  );
  return id;
}

/** The path of a conversation call. */
export const conv = (id: string, action = '') =>
  `/api/live/conversations/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export async function json(res: Response): Promise<any> {
  return res.json();
}

/** The answer's JSON, once its status is 200 (else the test fails showing the body). */
export async function ok(res: Response): Promise<any> {
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}

/** A server-sent event as the stream carried it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/**
 * Opens the inbox's event stream with fetch semantics and reads it event by event; `skip` names event
 * types to pass over (a stream opening brings its holder online: a `presence` event of its own).
 */
export async function openEvents(agent: Agent, lastEventId?: string, skip: readonly string[] = []) {
  return openStream(agent, '/api/live/events', lastEventId ? { headers: { 'last-event-id': lastEventId } } : {}, skip);
}

/** Opens a server-sent event stream at `path` with fetch semantics and reads it event by event. */
export async function openStream(agent: Agent, path: string, init: RequestInit = {}, skip: readonly string[] = []) {
  const res = await agent.request(path, init);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (timeoutMs = 5_000): Promise<SseEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const field = (name: string) =>
          block
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const id = field('id');
        if (skip.includes(field('event') ?? 'message')) continue;
        return { ...(id ? { id } : {}), event: field('event') ?? 'message', data: JSON.parse(field('data') ?? 'null') };
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
      if (!chunk) throw new Error('no event in time');
      if (chunk.done) throw new Error('the stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  /** The next event of `type` whose data passes `match`, skipping others. */
  const until = async (type: string, match: (data: any) => boolean = () => true): Promise<SseEvent> => {
    for (;;) {
      const e = await next();
      if (e.event === type && match(e.data)) return e;
    }
  };
  return { next, until, close: () => reader.cancel() };
}
