import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpCustomer, until } from './support/http-api';
import { freshDbFile, startServer, type RunningServer } from './support/server';

const RECIPIENTS = 1_000;

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

async function query(dbFile: string, sql: string, args: (string | number)[] = []) {
  const db = createClient({ url: `file:${dbFile}` });
  await db.execute('PRAGMA busy_timeout = 10000');
  const rs = await db.execute(sql, args);
  db.close();
  return rs.rows;
}
const countOf = async (dbFile: string, sql: string) => Number((await query(dbFile, sql))[0]!.n);

describe('campaign crash safety', () => {
  it('gives every recipient exactly one message across a SIGKILL in the middle of a campaign', async () => {
    const dbFile = freshDbFile();
    // A little pacing so that the kill lands in the middle of the campaign.
    const env = { SIM_PACING_MS: '4' };
    let server: RunningServer = await startServer(env, { dbFile });
    stops.push(() => server.stop('SIGKILL'));
    const user = await new HttpCustomer(server.url).register();
    const phones: number[] = [];
    for (let i = 0; i < 2; i++) {
      const id = (await user.post<{ id: number }>('/addPhone', {})).body.id;
      expect((await user.post(`/${id}/protection`, { enabled: false })).status).toBe(200);
      await user.linkPhone(id, `9053033300${i}1`);
      phones.push(id);
    }
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({
      number: `9053012${String(i).padStart(5, '0')}`,
      variables: { n: String(i) },
    }));
    const created = await user.post('/campaigns', {
      name: 'Crash',
      phone_ids: phones,
      message: { type: 'text', message: 'Offer {{n}}' },
      recipients,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as string;

    const sentAtKill = await until(
      async () => {
        const n = await countOf(
          dbFile,
          "select count(*) as n from messages where direction = 'out' and status = 'sent'",
        );
        return n >= RECIPIENTS * 0.2 ? n : 0;
      },
      60_000,
      'the campaign to be under way',
    );
    await server.stop('SIGKILL');
    console.log(`SIGKILL with ${sentAtKill} of ${RECIPIENTS} campaign messages sent`);
    expect(sentAtKill).toBeLessThan(RECIPIENTS);

    server = await startServer(env, { dbFile });
    const again = HttpCustomer.of(server.url, user);
    const done = await until(
      async () => {
        const c = (await again.get(`/campaigns/${id}`)).body.data;
        return c.status === 'completed' ? c : null;
      },
      120_000,
      'the campaign to complete after the restart',
    );
    expect(done.counts.queued).toBe(0);

    // Every recipient: one message row, the one its row names, and one send on the wire.
    const perChat = await query(
      dbFile,
      "select chat_id, count(*) as n from messages where direction = 'out' and status != 'purged' group by chat_id having n != 1",
    );
    expect(perChat).toEqual([]);
    const rows = await query(
      dbFile,
      'select r.number, r.status, r.msg_id, m.status as m_status, m.wa_id from campaign_recipients r left join messages m on m.id = r.msg_id where r.campaign_id = ?',
      [id],
    );
    expect(rows).toHaveLength(RECIPIENTS);
    for (const r of rows) {
      expect(r.msg_id, `recipient ${String(r.number)} has no message`).toBeTruthy();
      expect(['sent', 'failed']).toContain(r.m_status);
    }
    const wire = await query(dbFile, 'select wa_id from sim_wire');
    const onWire = new Set(wire.map((w) => String(w.wa_id)));
    expect(onWire.size).toBe(wire.length);
    const sent = rows.filter((r) => r.m_status === 'sent');
    expect(sent.every((r) => onWire.has(String(r.wa_id)))).toBe(true);
    console.log(`${sent.length} recipients got exactly one message, ${rows.length - sent.length} reported failed`);
  });
});
