import { createClient } from '@libsql/client';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDb } from '../../db/migrate';
import { openDb } from '../../db/open';
import { messages, phones, products, users } from '../../db/schema';

const PID = '00000000-0000-4000-8000-000000000001';

function backup(dbUrl: string, file: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', file], {
      env: { ...process.env, DATABASE_URL: dbUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run backup', () => {
  it('copies a database that is being written to; the restored copy has every message accepted before it started', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wapi-backup-'));
    const url = `file:${join(dir, 'wapi.db')}`;
    const db = await openDb(url);
    await migrateDb(db);
    await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
    await db.insert(products).values({ id: PID, uid: 1, productType: 'wapi', apiTokenHash: 't', createdAt: 0 });
    await db.insert(phones).values({ pid: PID, engine: 'sim', statusAt: 0, createdAt: 0, updatedAt: 0 });

    // The load: messages accepted one after another, as the API does, until the backup is done.
    const accepted: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const id = `m${i}`;
        await db.insert(messages).values({
          id,
          pid: PID,
          phoneId: 1,
          direction: 'out',
          chatId: 'c@c.us',
          waId: `W${i}`,
          type: 'text',
          body: { type: 'text', text: 'x'.repeat(200) },
          status: 'queued',
          createdAt: i,
          updatedAt: i,
        });
        accepted.push(id);
        // The local driver answers without a turn of the event loop: yield, as requests do.
        await new Promise((r) => setImmediate(r));
      }
    })();
    while (accepted.length < 200) await new Promise((r) => setTimeout(r, 5));
    const before = [...accepted];
    const copy = join(dir, 'backup.db');
    const run = await backup(url, copy);
    const during = accepted.length;
    writing = false;
    await writer;
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('Backed up');
    expect(during).toBeGreaterThan(before.length); // the writes went on while the copy was made

    // A second backup to the same file is refused rather than overwriting it.
    expect((await backup(url, copy)).code).toBe(1);

    // Restore (docs/deploy.md): the copy becomes the database file of a stopped server.
    const restored = join(dir, 'restored.db');
    copyFileSync(copy, restored);
    const check = createClient({ url: `file:${restored}` });
    expect((await check.execute('PRAGMA integrity_check')).rows[0]![0]).toBe('ok');
    check.close();
    const back = await openDb(`file:${restored}`);
    await migrateDb(back);
    const ids = new Set((await back.select({ id: messages.id }).from(messages).all()).map((r) => r.id));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect([...ids].every((id) => accepted.includes(id))).toBe(true);
    console.log(
      `backup under load: ${before.length} messages accepted before it started, ${ids.size} in the copy, ${accepted.length} in all`,
    );
  }, 60_000);
});
