import { afterAll, describe, expect, it } from 'vitest';
import { Receiver } from '../support/receiver';
import { sqlOnFile } from './support/db-file';
import { HttpCustomer } from './support/http-api';
import { freshDbFile, startServer, type RunningServer } from './support/server';

const MESSAGES = 1_500;
const CONCURRENCY = 30;
/** Kill once the receiving phone stored this many messages, a moment later that nothing else paces. */
const KILL_AFTER = 300;
const KILL_WITHIN_MS = 10;
const SENDER = '905300000110';
const RECEIVER = '905300000111';

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

const query = async (dbFile: string, sql: string) => (await sqlOnFile(dbFile, sql)).rows;

describe('incoming messages across a SIGKILL', () => {
  it('leaves every stored incoming message with its log row, its webhook delivery and its inbox count, or none', async () => {
    const rx = await new Receiver().start();
    stops.push(() => rx.stop());
    const dbFile = freshDbFile();
    const server: RunningServer = await startServer({ DEV_PHONE_LIMIT: '10' }, { dbFile });
    stops.push(() => server.stop('SIGKILL'));
    const user = await new HttpCustomer(server.url).register();
    expect((await user.post('/setWebhook', { webhook: rx.url })).status).toBe(200);
    // Two phones, and live chat: every customer message is counted in the inbox and streamed to it too.
    await user.buy('569723', 2);
    await user.buy('wapi-live');
    // One of our phones writes to another on the simulated network: the second receives a steady stream.
    const sender = await user.addLinkedPhone(SENDER);
    const receiver = await user.addLinkedPhone(RECEIVER);
    expect((await user.post(`/${sender}/protection`, { enabled: false })).status).toBe(200);

    let next = 0;
    let dead = false;
    const sending = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < MESSAGES && !dead) {
          const i = next++;
          try {
            await user.post(`/${sender}/sendMessage`, { to_number: RECEIVER, message: `stream ${i}` });
          } catch {
            return; // the server is gone
          }
        }
      }),
    );
    const incoming = `select count(*) as n from messages where phone_id = ${receiver} and direction = 'in'`;
    while (Number((await query(dbFile, incoming))[0]!.n) < KILL_AFTER) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, Math.random() * KILL_WITHIN_MS));
    await server.stop('SIGKILL');
    dead = true;
    await sending;

    const ids = (await query(dbFile, incoming.replace('count(*) as n', 'id'))).map((r) => String(r.id));
    const logged = (await query(dbFile, "select data from logs where type = 'message'")).map(
      (r) => (JSON.parse(String(r.data)) as { body: { message: { id: string } } }).body.message.id,
    );
    const queued = (await query(dbFile, "select payload from webhook_deliveries where kind = 'message'")).map(
      (r) => (JSON.parse(String(r.payload)) as { message: { id: string } }).message.id,
    );
    const conversation = `phone_id = ${receiver} and chat_jid = '${SENDER}@c.us'`;
    const unread = Number(
      (await query(dbFile, `select unread from live_conversations where ${conversation}`))[0]?.unread,
    );
    const streamed = (await query(dbFile, "select data from live_events where type = 'message'"))
      .map((r) => JSON.parse(String(r.data)) as { conversationId: string; message: { id: string } })
      .filter((e) => e.conversationId === `${receiver}:${SENDER}@c.us`)
      .map((e) => e.message.id);
    const count = (list: string[]) =>
      list.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>());
    const logs = count(logged);
    const deliveries = count(queued);
    console.log(
      `SIGKILL with ${ids.length} of ${MESSAGES} messages received: ${logged.length} logged, ${queued.length} in the outbox, ${unread} unread, ${streamed.length} streamed`,
    );
    // The kill landed in the middle of the stream.
    expect(ids.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(ids.length).toBeLessThan(MESSAGES);
    // All or none: a stored message has exactly one log row and one delivery, and nothing else has any.
    expect(ids.filter((id) => logs.get(id) !== 1)).toEqual([]);
    expect(ids.filter((id) => deliveries.get(id) !== 1)).toEqual([]);
    expect(logged.length).toBe(ids.length);
    expect(queued.length).toBe(ids.length);
    // The inbox counted each stored message once (nobody read the conversation) and streamed each once.
    expect(unread).toBe(ids.length);
    expect([...streamed].sort()).toEqual([...ids].sort());
  });
});
