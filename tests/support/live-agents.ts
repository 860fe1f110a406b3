import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { Agent, registered } from './agent';
import { Billing } from './billing';
import type { TestApp } from './test-app';

/** A signed-in owner with `seats` agent seats bought as the `wapi-agent` add-on (none when 0). */
export async function owner(t: TestApp, seats = 0) {
  const r = await registered(t);
  const b = new Billing(r.agent);
  const sub = seats > 0 ? await b.buy('wapi-agent', seats) : null;
  return { ...r, b, sub, call: (path: string, payload: unknown = {}) => b.call(`agent/${path}`, payload) };
}
export type Owner = Awaited<ReturnType<typeof owner>>;

/** The token of the newest confirmation link mailed to `email`. */
export async function inviteToken(t: TestApp, email: string): Promise<string> {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).all();
  const text = mails.at(-1)?.text ?? '';
  const token = /\/verify\/agent\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token, `no agent link mailed to ${email}`).toBeTruthy();
  return token!;
}

/** Adds an agent as the owner and answers its list row. */
export async function addAgent(
  o: Owner,
  email: string,
  password = 'secret1',
  names = { name: 'Ada', surname: 'Lovelace' },
) {
  const res = await o.call('add', { email, password, update_data: names });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const list = await o.call('list');
  return list.body.agents.find((a: { email: string }) => a.email === email);
}

/** Confirms the agent's mailed link (optionally with a new password). */
export async function confirm(t: TestApp, email: string, password?: string) {
  const res = await new Agent(t).postForm('/api/verify/agent', {
    token: await inviteToken(t, email),
    ...(password ? { password } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Signs an agent in to the chat app; answers the browser-like client and the answer. */
export async function liveLogin(t: TestApp, email: string, password: string) {
  const agent = new Agent(t);
  const res = await agent.postJson('/api/live/auth/login', { email, password });
  return { agent, status: res.status, body: (await res.json()) as any };
}
