import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { operationsOf, requestsFor, type FuzzRequest, type Operation } from '../support/request-arbitrary';
import { DEAD_URL, type JsonSchema } from '../support/schema-arbitrary';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Property-based fuzzing of both generated OpenAPI documents: for every operation, requests built from
 * its declared parameters and body (valid values, examples, wrong types, missing fields, huge and
 * hostile strings, broken JSON, other content types, malformed percent-encoding, `..`, other tenants'
 * and nonexistent ids, missing or wrong credentials) must never answer a 5xx (501/503/504 only where
 * declared), and every answer must match its declaration: the test app's checker throws otherwise.
 *
 * Left out, because they would end the session the fuzzer signs in with:
 * - /api/auth/logout, GET and POST (ends the console session),
 * - POST /api/auth/updatePassword (changes the password and ends the other sessions),
 * - POST /api/sim/fault (bans or disconnects the linked phone, so later calls only see 409).
 * Run as the spare tenant (another product, one unlinked phone), so they cannot unlink, restart or
 * delete the linked phone and make later live calls wait for a session: logout, factoryreset, delete,
 * clear, restart, redeploy, useOldVersion and redeployAll. The linked phone's id then tests isolation.
 */
const SKIPPED = new Set([
  'GET /api/auth/logout',
  'POST /api/auth/logout',
  'POST /api/auth/updatePassword',
  'POST /api/sim/fault',
]);
const skipped = (op: Operation) => SKIPPED.has(`${op.method} ${op.path}`);
const DISRUPTIVE = new Set([
  'logout',
  'factoryreset',
  'delete',
  'clear',
  'restart',
  'redeploy',
  'useOldVersion',
  'redeployAll',
]);

/** Runs per operation: about 90 operations, so the file stays well under a minute on two cores. */
const RUNS = 25;
/** Answers that render a whole document or picture (hundreds of ms each) get fewer runs. */
const SLOW = new Set([
  '/api/openapi.json',
  '/api/wapi/openapi.json',
  '/api/wapi/postman',
  '/{phone_id}/screen',
  '/{phone_id}/qrCode',
]);
const SLOW_RUNS = 5;
const SEED = 2026;

type Doc = Parameters<typeof operationsOf>[0] & { components?: { schemas?: Record<string, JsonSchema> } };
interface Tenant {
  api: Api;
  agent: Agent;
  pid: string;
  token: string;
  phone: number;
}

let t: TestApp;
let mine: Tenant;
let spare: Tenant;
let group: string;
const docs: Record<'messaging' | 'console', Doc> = {} as never;

beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
  const a = await customer(t);
  const b = await customer(t);
  mine = { ...a, phone: await a.api.addPhone() };
  spare = { ...b, phone: await b.api.addPhone() };
  await mine.api.link(mine.phone);
  await mine.api.sim('/incoming', { phoneId: mine.phone, from: '905301234567', message: 'hello' });
  group = (await mine.api.post(`/${mine.phone}/createGroup`, { name: 'Fuzz', numbers: ['905301234567'] })).body.data.id;
  await mine.agent.get('/api/auth/user');
  docs.messaging = (await (await t.app.request('/api/openapi.json')).json()) as Doc;
  docs.console = (await (await t.app.request('/api/wapi/openapi.json')).json()) as Doc;
}, 30_000);
afterAll(async () => t?.close());

/** Mostly `usual`, sometimes one of `others`. */
const mostly = (usual: string, ...others: string[]) =>
  fc.oneof(
    { weight: 4 * others.length, arbitrary: fc.constant(usual) },
    { weight: others.length, arbitrary: fc.constantFrom(...others) },
  );

/** Parameter values that reach real rows: the caller's ids, another tenant's, nonexistent ones. */
function knownValues(caller: Tenant, other: Tenant): Record<string, fc.Arbitrary<string>> {
  const phones = mostly(String(caller.phone), String(other.phone), '999999');
  return {
    phone_id: phones,
    phoneId: phones,
    product_id: mostly(caller.pid, other.pid, '00000000-0000-0000-0000-000000000000'),
    conversation_id: fc.constantFrom(
      '905301234567@c.us',
      '905301234567%40c.us',
      encodeURIComponent(group),
      '905309999999@c.us',
      'status@broadcast',
    ),
    delivery_id: fc.constantFrom('1', '999999'),
    number: fc.constantFrom('905301234567', '+90 530 123 45 67', '0'),
    file: fc.constantFrom('905301234567.png', '1.png'),
    id: fc.constantFrom('1', '2', '999999'),
  };
}

/** Body fields that reach real rows: numbers of the simulated network, the caller's group and phone. */
function knownFields(caller: Tenant, other: Tenant): Record<string, fc.Arbitrary<unknown>> {
  const number = fc.constantFrom('905301234567', '905301234567@c.us', '+90 530 765 43 21', group);
  return {
    to_number: number,
    number: fc.oneof(number, fc.constant(['905301234567', '905307654321'])),
    numbers: fc.constant(['905301234567']),
    conversation_id: fc.constantFrom(group, '905301234567@c.us'),
    id: fc.constant(group),
    from: fc.constant('905301234567'),
    phoneId: fc.constantFrom(caller.phone, caller.phone, other.phone),
    webhook: fc.constantFrom(DEAD_URL, { webhook: DEAD_URL }),
  };
}

/** Sends a generated request with the caller's credentials (or none, or wrong ones). */
async function send(req: FuzzRequest, area: 'messaging' | 'console', caller: Tenant): Promise<Response> {
  const headers = new Headers(req.headers);
  if (area === 'messaging' && req.auth !== 'none')
    headers.set('x-api-key', req.auth === 'good' ? caller.token : 'wrong-token');
  if (area === 'console' && req.auth === 'good') {
    headers.set('cookie', [...caller.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (req.method !== 'GET') headers.set('x-csrf-token', caller.agent.cookies.get('wapi_csrf')!);
  }
  if (area === 'console' && req.auth === 'wrong') headers.set('cookie', 'wapi_session=forged; wapi_csrf=forged');
  return t.app.request(req.url, { method: req.method, headers, ...(req.body === undefined ? {} : { body: req.body }) });
}

async function fuzz(area: 'messaging' | 'console', op: Operation): Promise<void> {
  const doc = docs[area];
  const caller = area === 'messaging' && DISRUPTIVE.has(op.path.split('/').pop()!) ? spare : mine;
  const other = caller === mine ? spare : mine;
  const refs = doc.components?.schemas ?? {};
  const requests = requestsFor(op, {
    prefix: area === 'messaging' ? `/api/${caller.pid}` : '',
    refs,
    known: knownValues(caller, other),
    knownFields: knownFields(caller, other),
  });
  await fc.assert(
    fc.asyncProperty(requests, async (req) => {
      // The test app's checker throws here when the answer contradicts the route's declaration.
      const res = await send(req, area, caller);
      const allowed = [501, 503, 504].includes(res.status) && op.statuses.includes(String(res.status));
      if (res.status >= 500 && !allowed)
        throw new Error(`${req.method} ${req.url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      // An event stream that opened never ends: its answer is its status and headers (checked above).
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
      else await res.arrayBuffer();
    }),
    { seed: SEED, numRuns: SLOW.has(op.path) ? SLOW_RUNS : RUNS },
  );
}

/** fast-check's report (seed, counterexample) with the error the property threw. */
function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message.split('\n\nHint')[0]}\n${err.cause.message}` : err.message;
}

describe.each(['messaging', 'console'] as const)('fuzzing the %s document', (area) => {
  it('lists the operations it fuzzes', () => {
    const ops = operationsOf(docs[area]);
    expect(ops.filter((op) => !skipped(op)).length).toBeGreaterThan(area === 'messaging' ? 40 : 20);
    expect(ops.some(skipped)).toBe(area === 'console');
  });

  it('finds no 5xx and no answer that contradicts its declaration', async () => {
    const failures: string[] = [];
    for (const op of operationsOf(docs[area])) {
      if (skipped(op)) continue;
      await fuzz(area, op).catch((err: unknown) => failures.push(`${op.method} ${op.path}: ${reason(err)}`));
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
