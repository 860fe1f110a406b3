import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { customer, eventually } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

// What the README's Worker section tells someone deploying it (issue 23), held to the code: runners do
// the sends, webhooks and renewals; the first staff account comes from `npm run admin -- grant`; a
// runner's webhook `reply` links come from its own APP_URL, else from its own port.

const readme = readFileSync('README.md', 'utf8');
const start = readme.indexOf('## Cloudflare Workers');
const end = readme.indexOf('\n## ', start + 1);
const workerSection = readme.slice(start, end < 0 ? undefined : end);
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe("the README's Worker section", () => {
  it('says sends, webhooks and renewals need a Node runner on the same database, with the command', () => {
    expect(workerSection).toMatch(/at least one Node runner on the same database/);
    for (const word of ['send queue', 'webhooks', 'renewals']) expect(workerSection).toContain(word);
    expect(workerSection).toMatch(
      /DATABASE_URL=libsql:\/\/\S+ DATABASE_AUTH_TOKEN=\S+ [^\n]*\\\n[^\n]*APP_URL=https:\/\/<your host>[^\n]*\\\n[^\n]*npm run runner/,
    );
    expect(scripts.runner).toContain('src/phone-runner.ts');
  });

  it("says how the Worker's database gets its first staff account, with the command", () => {
    expect(workerSection).toContain('The first staff account');
    expect(workerSection).toMatch(
      /DATABASE_URL=libsql:\/\/\S+ DATABASE_AUTH_TOKEN=\S+ npm run admin -- grant you@example\.com admin/,
    );
    expect(scripts.admin).toContain('src/cli/admin.ts');
  });

  it('says APP_URL must be set on runners that run apart, and the code agrees', () => {
    expect(workerSection).toMatch(/`APP_URL` on every runner/);
    expect(workerSection).toContain('http://localhost:{PORT}');
    expect(parseConfig({ PORT: '8788' }).publicUrl).toBe('http://localhost:8788');
    expect(parseConfig({ PORT: '8788', APP_URL: 'https://api.example.test/' }).publicUrl).toBe(
      'https://api.example.test',
    );
    expect(() => parseConfig({ NODE_ENV: 'production', DATABASE_URL: 'libsql://db.example.test' })).toThrow(/APP_URL/);
  });
});

describe('webhook reply links', () => {
  let t: TestApp | undefined;
  let rx: Receiver | undefined;
  afterEach(async () => {
    await t?.close();
    await rx?.stop();
  });

  it("point at APP_URL when it is set, not at the runner's own port", async () => {
    t = await createTestApp({ APP_URL: 'https://api.example.test', PORT: '8788' }, { phones: true, webhooks: true });
    rx = await new Receiver().start();
    const { api } = await customer(t);
    expect((await api.post('/setWebhook', { webhook: rx.url })).status).toBe(200);
    const id = await api.addPhone();
    await api.link(id, '905300000012');
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'Merhaba' });
    const got = await eventually(async () => rx!.of('message')[0], 5_000, 'message webhook');
    expect(got.json.reply).toBe(`https://api.example.test/api/${api.pid}/${id}/sendMessage`);
  });
});
