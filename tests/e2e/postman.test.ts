import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpCustomer } from './support/http-api';
import { startServer, type RunningServer } from './support/server';

/** The part of newman's Node API the test uses (the package ships no types). */
interface NewmanSummary {
  run: {
    stats: Record<'requests' | 'assertions' | 'testScripts' | 'prerequestScripts', { total: number; failed: number }>;
    failures: { source?: { name?: string }; error: { name: string; message: string; test?: string } }[];
    executions: { item: { name: string }; response?: { code: number } }[];
  };
}
type Newman = { run(options: { collection: unknown; reporters: string[]; timeoutRequest: number; timeoutScript: number }, done: (err: Error | null, summary: NewmanSummary) => void): void };
const newman = createRequire(import.meta.url)('newman') as Newman;

type Item = { name: string; item?: Item[]; event?: { listen: string; script: { exec: string[] } }[]; request?: { url: { raw: string }; body?: { raw: string } } };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

function runCollection(collection: unknown): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => newman.run({ collection, reporters: [], timeoutRequest: 30_000, timeoutScript: 30_000 }, (err, summary) => (err ? reject(err) : resolve(summary))));
}

describe('Postman collection', () => {
  it('runs top to bottom with newman against a fresh product with one linked phone, every request passing its own tests', async () => {
    const customer = await new HttpCustomer(server.url).register();
    // A phone and the Instagram add-on, so every call of the collection has what it acts on.
    await customer.buy('569723', 2);
    await customer.buy('wapi-instagram');
    const phoneId = await customer.addLinkedPhone(`9053${String(Date.now()).slice(-8, -1)}3`);
    const res = await customer.consoleGet(`/api/wapi/postman?phone_id=${phoneId}`);
    expect(res.status).toBe(200);
    const collection = (await res.json()) as { item: Item[] };

    const folders = collection.item;
    expect(folders.at(-1)!.name).toMatch(/run last/);
    const requests = folders.flatMap((f) => f.item!);
    const last = folders.at(-1)!.item!.map((i) => i.name);
    for (const name of ['GET /{phone_id}/logout', 'GET /{phone_id}/factoryreset', 'GET /{phone_id}/delete', 'GET /{phone_id}/purgeQueue', 'POST /{phone_id}/leaveGroup', 'sendMessage – Delete Message']) expect(last, name).toContain(name);
    for (const item of requests) {
      expect(item.event?.some((e) => e.listen === 'test' && e.script.exec.join('\n').includes('pm.test(')), `${item.name} has tests`).toBe(true);
      const text = `${item.request!.url.raw} ${item.request!.body?.raw ?? ''}`;
      expect(text, `${item.name}: a real example`).not.toContain('"..."');
      expect(text, `${item.name}: no outside host`).not.toMatch(/https?:\/\//);
    }

    const summary = await runCollection(collection);
    const { stats, failures, executions } = summary.run;
    console.log(
      `newman: ${stats.requests.total} requests, ${stats.assertions.total} assertions, ${stats.assertions.failed} failed\n` +
        executions.map((e) => `  ${e.response?.code ?? '---'} ${e.item.name}`).join('\n'),
    );
    expect(failures.map((f) => `${f.source?.name}: ${f.error.test ?? f.error.name} ${f.error.message}`)).toEqual([]);
    expect(stats.assertions.total).toBeGreaterThanOrEqual(requests.length);
  });
});
