import { createClient } from '@libsql/client/web';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { parseConfig } from '../../src/config';
import { registerUser } from '../../src/services/auth/users';
import { createCaches } from '../../src/services/cache';
import { liveReports } from '../../src/services/inbox/reports';
import { DAY_MS } from '../../src/shared/analytics-dates';
import { startHranaServer, type HranaServer } from '../support/hrana-server';
import { backfilled, directReport, rollupRows } from '../support/live-reports-direct';

/** The Worker's database path: @libsql/client/web over Hrana, as src/worker.ts opens it. */
let dir: string;
let server: HranaServer;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wapi-reports-'));
  server = await startHranaServer({ url: `file:${join(dir, 'test.db')}` });
  db = createDb(createClient({ url: server.url }));
  await migrateDb(db);
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('live inbox: the reports rollup over Hrana (the Worker)', () => {
  it('keeps the rollup by triggers and answers what the threads say', async () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const config = parseConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'file:unused.db',
      PASSWORD_HASH_ITERATIONS: '10000',
    });
    const ctx = { db, config, now: () => now, cache: createCaches({}) };
    const user = await registerUser(ctx, { email: 'hrana@example.com', password: 'Str0ng#Pass' });
    const [p] = await db.all<{ id: string }>(sql`select id from products where uid = ${user.id}`);
    await db.run(sql`insert into phones (pid, type, engine, number, status, status_at, created_at, updated_at)
      values (${p!.id}, 'whatsapp', 'sim', '905300000001', 'active', 0, 0, 0)`);
    const [phone] = await db.all<{ id: number }>(sql`select id from phones where pid = ${p!.id}`);
    const o = `o:${user.id}`;
    for (let i = 0; i < 30; i++) {
      const c = now - (i + 1) * 1.5 * DAY_MS;
      await db.run(sql`insert into live_threads (pid, phone_id, chat_jid, created_at, first_response_at,
        first_responder, closed_at, closer, participants, csat_rating)
        values (${p!.id}, ${phone!.id}, 'x@c.us', ${c}, ${c + (i % 9) * 70_000}, ${o},
          ${i % 2 ? c + i * 3_600_000 : null}, ${i % 2 ? o : null}, ${JSON.stringify([o])}, ${i % 4 === 1 ? 3 : null})`);
    }
    await db.run(
      sql`update live_threads set closed_at = created_at + 5000, closer = ${o} where closed_at is null and id % 3 = 0`,
    );
    await db.run(sql`delete from live_threads where id % 7 = 0`);
    const kept = await rollupRows(db);
    expect(await backfilled(db)).toEqual(kept);
    const from = '2026-10-01';
    const answer = await liveReports(ctx, { pid: p!.id, key: o, email: 'hrana@example.com', owner: true }, { from });
    const direct = await directReport(db, p!.id, Date.parse(from), Date.parse(answer.to) + DAY_MS);
    const { agents, ...rest } = direct;
    expect(answer).toMatchObject(rest);
    expect(answer.conversations).toBeGreaterThan(20);
    expect(answer.agents).toEqual([
      expect.objectContaining({ holder: o, ...agents.get(o), id: null, name: 'hrana@example.com' }),
    ]);
  });
});
