import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/middleware/payload';
import { customer } from '../support/phones';
import { operationsOf } from '../support/request-arbitrary';
import { createTestApp, type TestApp } from '../support/test-app';
import { CHUNK, chunkedBody } from '../support/chunked-body';

/*
 * Every declared route that takes a body, signed in and with the token (so it gets past its guards),
 * is sent a chunked body larger than any limit. It must stop reading at its own limit and answer 413;
 * a route left without `payload()` would read up to the global 22 MB before answering, and show up
 * here with that limit.
 */
let t: TestApp;
let signedIn: Record<string, string>;
let pid = '';
let phone = 0;
const docs: Record<'messaging' | 'console', Parameters<typeof operationsOf>[0]> = {} as never;

beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
  const c = await customer(t);
  pid = c.pid;
  phone = await c.api.addPhone();
  await c.agent.get('/api/auth/user');
  const cookie = [...c.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  signedIn = {
    'content-type': 'application/json',
    'x-api-key': c.token,
    cookie,
    'x-csrf-token': c.agent.cookies.get('wapi_csrf')!,
  };
  docs.messaging = await (await t.app.request('/api/openapi.json')).json();
  docs.console = await (await t.app.request('/api/wapi/openapi.json')).json();
}, 30_000);
afterAll(async () => t?.close());

/** More than the largest limit of any route (sendMessage's ~22 MB). */
const HUGE = 24 * 1024 * 1024;
/** Routes whose bodies may be larger than the usual 64 KiB: media, pictures, spreadsheets, Paddle's and Meta's events, MCP (its send_message takes sendMessage's bodies) and campaigns (100,000 recipients or their file). */
const LARGE = [
  'POST /{phone_id}/sendMessage',
  'POST /mcp',
  'POST /{phone_id}/setProfileImage',
  'POST /api/live/conversations/{id}/send',
  'POST /api/googlesheets/sheetsender',
  'POST /api/billing/paddle/webhook',
  'POST /api/cloud/webhook',
  'POST /campaigns',
];

describe('every route with a body', () => {
  it('stops reading a chunked body at its own limit', async () => {
    const problems: string[] = [];
    const large: string[] = [];
    let checked = 0;
    for (const area of ['messaging', 'console'] as const) {
      for (const op of operationsOf(docs[area])) {
        // Logging out would end the session the other calls need; it reads no body.
        if (op.method === 'GET' || op.path.endsWith('/logout')) continue;
        const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (/phone/i.test(name) ? String(phone) : '1'));
        const { stream, seen } = chunkedBody(HUGE);
        const res = await t.app.request(area === 'messaging' ? `/api/${pid}${path}` : path, {
          method: op.method,
          headers: signedIn,
          body: stream,
          duplex: 'half',
        } as RequestInit);
        const body = (await res.json()) as { message: string };
        const name = `${op.method} ${op.path}`;
        checked++;
        if (res.status !== 413) {
          // Refused before the body (a guard, a missing row): it read no more than the first pull.
          if (seen.bytes > 2 * CHUNK) problems.push(`${name}: read ${seen.bytes} bytes and answered ${res.status}`);
          continue;
        }
        const limit = Number(/at most (\d+) bytes/.exec(body.message)?.[1]);
        if (limit > MAX_BODY_BYTES) large.push(name);
        if (seen.bytes > limit + 2 * CHUNK)
          problems.push(`${name}: read ${seen.bytes} bytes past its limit of ${limit}`);
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(problems).toEqual([]);
    expect(large.sort(), JSON.stringify(large)).toEqual([...LARGE].sort());
  }, 60_000);
});
