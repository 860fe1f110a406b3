import { createRequire } from 'node:module';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSnapshot, collectionsOwn, customersOwn, refused, triedDeliveries } from './support/account-snapshot';
import { HttpCustomer, until } from './support/http-api';
import { startServer, type RunningServer } from './support/server';

/** The part of newman's Node API the test uses (the package ships no types). */
interface NewmanSummary {
  run: {
    stats: Record<'requests' | 'assertions' | 'testScripts' | 'prerequestScripts', { total: number; failed: number }>;
    failures: { source?: { name?: string }; error: { name: string; message: string; test?: string } }[];
  };
}
type Event = { item: { name: string }; assertion?: string; response?: { code: number; stream?: Buffer } };
type Newman = {
  run(
    options: { collection: unknown; reporters: string[]; timeoutRequest: number; timeoutScript: number },
    done: (err: Error | null, summary: NewmanSummary) => void,
  ): { on(event: 'assertion' | 'request', fn: (err: Error | null, e: Event) => void): void };
};
const newman = createRequire(import.meta.url)('newman') as Newman;

type Item = {
  name: string;
  item?: Item[];
  event?: { listen: string; script: { exec: string[] } }[];
  request?: { url: { raw: string }; body?: { raw: string } };
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Runs the collection and prints what ran, with the body of every 4xx/5xx answer and the note of
 * every skipped request; gives the failed assertions and the skipped requests.
 */
function run(collection: unknown, label: string) {
  const skipped: string[] = [];
  const refused: string[] = [];
  return new Promise<{ failed: string[]; skipped: string[] }>((resolve, reject) => {
    const emitter = newman.run(
      { collection, reporters: [], timeoutRequest: 30_000, timeoutScript: 30_000 },
      (err, summary) => {
        if (err) return reject(err);
        const { stats, failures } = summary.run;
        console.log(
          `newman (${label}): ${stats.requests.total} requests, ${stats.assertions.total} assertions, ${stats.assertions.failed} failed\n  ${[...refused, ...skipped].join('\n  ')}`,
        );
        resolve({
          failed: failures.map((f) => `${f.source?.name}: ${f.error.test ?? f.error.name} ${f.error.message}`),
          skipped: skipped.map((s) => s.split(' → ')[0]!),
        });
      },
    );
    emitter.on('assertion', (_err, e) => {
      if (e.assertion?.startsWith('skipped: ')) skipped.push(`${e.item.name} → ${e.assertion}`);
    });
    emitter.on('request', (_err, e) => {
      if (e.response && e.response.code >= 400)
        refused.push(`${e.item.name} → ${e.response.code} ${e.response.stream?.toString().slice(0, 300)}`);
    });
  });
}

async function collectionOf(customer: HttpCustomer, phoneId: number) {
  const res = await customer.consoleGet(`/api/wapi/postman?phone_id=${phoneId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { item: Item[] };
}

/** Makes a product a partner's, as staff would (the server sees it within its cache bound). */
async function setPartner(dbFile: string, pid: string): Promise<void> {
  const db = createClient({ url: `file:${dbFile}` });
  // The server writes the same file: wait for its lock rather than fail.
  await db.execute('PRAGMA busy_timeout = 10000');
  await db.execute({
    sql: "update products set settings = json_set(settings, '$.partner', json('true')) where id = ?",
    args: [pid],
  });
  db.close();
}

const number = (tail: string) => `9053${String(Date.now()).slice(-7)}${tail}`;

describe('Postman collection', () => {
  it('runs green twice in a row on a fresh trial account with one linked phone, and leaves the account as it found it', async () => {
    const customer = await new HttpCustomer(server.url).register();
    const trial = await customer.consolePost('/api/wapi/createFreeTrial', { type: 'wapi-trial-api' });
    expect(trial.status).toBe(200);
    const phoneId = await customer.addLinkedPhone(number('3'));
    const collection = await collectionOf(customer, phoneId);

    const folders = collection.item;
    expect(folders.at(-1)!.name).toMatch(/run last/);
    const requests = folders.flatMap((f) => f.item!);
    const last = folders.at(-1)!.item!.map((i) => i.name);
    for (const name of [
      'GET /{phone_id}/logout',
      'GET /{phone_id}/factoryreset',
      'GET /{phone_id}/delete',
      'GET /{phone_id}/purgeQueue',
      'POST /{phone_id}/leaveGroup',
      'sendMessage – Delete Message',
    ])
      expect(last, name).toContain(name);
    for (const item of requests) {
      expect(
        item.event?.some((e) => e.listen === 'test' && e.script.exec.join('\n').includes('pm.test(')),
        `${item.name} has tests`,
      ).toBe(true);
      const text = `${item.request!.url.raw} ${item.request!.body?.raw ?? ''}`;
      expect(text, `${item.name}: a real example`).not.toContain('"..."');
      expect(text, `${item.name}: no outside host`).not.toMatch(/https?:\/\//);
    }

    const before = await accountSnapshot(customer);
    const first = await run(collection, 'trial, first run');
    expect(first.failed).toEqual([]);
    // No free phone slot and no Instagram limit on the trial: those requests are skipped with a note.
    expect(first.skipped).toContain('GET /{phone_id}/factoryreset');
    expect(first.skipped).toContain('login – login');
    const afterFirst = await accountSnapshot(customer);
    expect(afterFirst).toEqual(before);

    const second = await run(collection, 'trial, second run');
    expect(second.failed).toEqual([]);
    expect(await accountSnapshot(customer)).toEqual(before);
    // The run's events went to a webhook that answers; none is left pointing anywhere.
    const deliveries = await triedDeliveries(customer);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(refused(deliveries)).toEqual([]);
    expect(before.product.webhook).toBe('');
  });

  it('on an account with room for a phone and an Instagram account, runs every call twice in a row on what it adds itself and leaves the account as it found it', async () => {
    const customer = await new HttpCustomer(server.url).register();
    await customer.buy('569723', 2);
    await customer.buy('wapi-instagram');
    const phoneId = await customer.addLinkedPhone(number('5'));
    // A sandbox phone of the customer's: the collection's addSandbox then gets the documented 409 and adds none.
    expect((await customer.get('/addSandbox')).status).toBe(200);
    // The customer's own webhook (one that answers) and ack preferences: the run changes them and puts them back.
    const own = `${server.url}/api/live/webhook?customer=own`;
    expect((await customer.post('/setWebhook', { webhook: own })).status).toBe(200);
    expect((await customer.post('/setAckPreference', { ack_delivery: false })).status).toBe(200);
    expect((await customer.post(`/${phoneId}/config`, { ack_delivery: false })).status).toBe(200);
    expect((await customer.post(`/${phoneId}/setName`, { name: 'Front desk "1"' })).status).toBe(200);
    const collection = await collectionOf(customer, phoneId);

    const before = await accountSnapshot(customer);
    const first = await run(collection, 'room for everything, first run');
    expect(first.failed).toEqual([]);
    expect(first.skipped).toEqual([]);
    const afterFirst = await accountSnapshot(customer);
    expect(customersOwn(afterFirst)).toEqual(before);
    // What it added for itself is deleted (disabled: it takes no phone or Instagram slot).
    expect(collectionsOwn(afterFirst).map((p) => [p.type, p.status, p.active, p.proxy])).toEqual([
      ['whatsapp', 'disabled', false, false],
      ['instagram', 'disabled', false, false],
    ]);

    const second = await run(collection, 'room for everything, second run');
    expect(second.failed).toEqual([]);
    // The second run reuses what the first left (enabling it again): nothing piles up.
    expect(second.skipped).toEqual(['POST /addPhone', 'POST /addInstagram']);
    expect(await accountSnapshot(customer)).toEqual(afterFirst);
    expect(afterFirst.product.webhook).toBe(own);
    expect(refused(await triedDeliveries(customer))).toEqual([]);
  });

  it('on a partner account (which cannot delete what it adds through the API), adds nothing of its own, runs green twice and leaves the account as it found it', async () => {
    const customer = await new HttpCustomer(server.url).register();
    await customer.buy('569723', 2);
    const phoneId = await customer.addLinkedPhone(number('7'));
    await setPartner(server.dbFile, customer.pid);
    await until(async () => (await customer.get('/product')).body.partner === true, 10_000, 'the partner flag');
    const collection = await collectionOf(customer, phoneId);

    const before = await accountSnapshot(customer);
    for (const label of ['partner, first run', 'partner, second run']) {
      const { failed, skipped } = await run(collection, label);
      expect(failed).toEqual([]);
      expect(skipped).toEqual(
        expect.arrayContaining(['POST /addPhone', 'POST /addInstagram', 'GET /{phone_id}/delete']),
      );
      expect(await accountSnapshot(customer)).toEqual(before);
    }
  });
});
