import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logs, phoneCommands, products } from '../../db/schema';
import { REDACTED } from '../../src/middleware/api-log';
import { commandSecretBinding } from '../../src/services/commands/secrets';
import { SECRETS_NOT_CONFIGURED } from '../../src/services/secrets/box';
import { expectError } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * An Instagram login's credentials go to the runner through `phone_commands`. They are sealed there
 * with the server's SECRETS_KEY and erased from the row when the command ends, so the password is
 * nowhere in the database file: not in the main file, not in its write-ahead log.
 */
const SECRETS_KEY = 'test-secrets-key-0123456789-abcdefghij';
const PASSWORD = 'Pw-in-plain-7f3a9c1e5b2d';
const CODE = '123456';

let t: TestApp | undefined;
let folder = '';
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = '';
});

async function withInstagram(env: Record<string, string>): Promise<{ api: Api; id: number }> {
  t = await createTestApp(env, { phones: true });
  const { api } = await customer(t);
  const row = (await t.db.select().from(products).where(eq(products.id, api.pid)).get())!;
  await t.db
    .update(products)
    .set({ settings: { ...row.settings, instagram_limit: 1 } })
    .where(eq(products.id, api.pid));
  t.clock.advance(10_000);
  const { body } = await api.post('/addInstagram', {});
  await api.waitStatus(body.id, 'not_logged_in');
  return { api, id: body.id as number };
}

/** Every byte of the database: the file, its write-ahead log and shared memory, as on disk now. */
function databaseBytes(file: string): Buffer {
  return Buffer.concat(
    [file, `${file}-wal`, `${file}-shm`, `${file}-journal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
  );
}

describe('Instagram credentials at rest', () => {
  it('leaves the password nowhere in the database file, and nothing of the credentials in the command rows', async () => {
    folder = mkdtempSync(join(tmpdir(), 'wapi-ig-secret-'));
    const file = join(folder, 'wapi.db');
    const { api, id } = await withInstagram({ SECRETS_KEY, DATABASE_URL: `file:${file}` });

    // A wrong password, a login asking for the code, and the login with it: three commands.
    expect((await api.post(`/${id}/login`, { username: 'shop.2fa', password: 'wrong-password' })).body).toMatchObject({
      success: false,
    });
    expect((await api.post(`/${id}/login`, { username: 'shop.2fa', password: PASSWORD })).body).toEqual({
      success: false,
      code_required: true,
    });
    expect((await api.post(`/${id}/login`, { username: 'shop.2fa', password: PASSWORD, code: CODE })).body).toEqual({
      success: true,
    });
    await api.waitStatus(id, 'active');

    const bytes = databaseBytes(file);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from(PASSWORD))).toBe(false);
    expect(bytes.includes(Buffer.from('wrong-password'))).toBe(false);

    // The API log keeps the calls, without the password or the one-time code.
    const logged = (await t!.db.select().from(logs).where(eq(logs.pid, api.pid)).orderBy(logs.id).all()).map(
      (l) => l.data as { path?: string; body?: Record<string, unknown> },
    );
    const login = logged.filter((l) => l.path?.endsWith('/login')).at(-1);
    expect(login?.body).toEqual({ username: 'shop.2fa', password: REDACTED, code: REDACTED });

    // The commands ran, and their rows keep nothing of the credentials.
    const rows = await t!.db.select().from(phoneCommands).where(eq(phoneCommands.phoneId, id)).all();
    expect(rows.filter((r) => r.kind === 'instagram-login').map((r) => [r.status, r.args])).toEqual([
      ['done', {}],
      ['done', {}],
      ['done', {}],
    ]);
  });

  it('seals the credentials while the command waits, bound to the phone and the command', async () => {
    const { api, id } = await withInstagram({ SECRETS_KEY });
    // Hold the runner back so the pending row can be read as it is stored.
    await t!.phones.runner.stop();
    const pending = api.post(`/${id}/login`, { username: 'shop.account', password: PASSWORD });
    let row: typeof phoneCommands.$inferSelect | undefined;
    for (let i = 0; i < 100 && !row; i++) {
      row = await t!.db.select().from(phoneCommands).where(eq(phoneCommands.phoneId, id)).get();
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row?.kind).toBe('instagram-login');
    expect(Object.keys(row!.args)).toEqual(['sealed']);
    expect(JSON.stringify(row!.args)).not.toContain(PASSWORD);
    expect(JSON.stringify(row!.args)).not.toContain('shop.account');
    const box = await t!.cache.secretBox!;
    expect(JSON.parse(await box.open(row!.args.sealed as string, commandSecretBinding(id, 'instagram-login')))).toEqual(
      { username: 'shop.account', password: PASSWORD },
    );
    await expect(
      box.open(row!.args.sealed as string, commandSecretBinding(id + 1, 'instagram-login')),
    ).rejects.toThrow();
    // A runner that takes it opens it, and the row keeps nothing once the login is done.
    await t!.phones.runner.start();
    expect((await pending).body).toEqual({ success: true });
    expect((await t!.db.select().from(phoneCommands).where(eq(phoneCommands.id, row!.id)).get())?.args).toEqual({});
  }, 30_000);

  it('answers 501 without SECRETS_KEY and stores nothing', async () => {
    const { api, id } = await withInstagram({});
    const res = await api.request(`/${id}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'shop.account', password: PASSWORD }),
    });
    expect((await expectError(res, 501, 'NOT_CONFIGURED')).message).toBe(SECRETS_NOT_CONFIGURED);
    expect(await t!.db.select().from(phoneCommands).where(eq(phoneCommands.phoneId, id)).all()).toEqual([]);
  });
});
