import { createClient } from '@libsql/client';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { mailOutbox } from '../../db/schema';
import { smtpTransport } from '../../src/adapters/mail/smtp';
import { parseConfig } from '../../src/config';
import { createCaches } from '../../src/services/cache';
import { deliverDueMail, MAIL_RETRY_DELAYS_MS, queueMail } from '../../src/services/mail/outbox';

/** A real SMTP server on loopback that records what it receives, and can refuse on demand. */
let received: { to: string[]; data: string }[] = [];
let refuse = false;
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        if (refuse) return cb(new Error('mailbox unavailable'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function setup() {
  const config = parseConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'silent' });
  const db = createDb(createClient({ url: ':memory:' }));
  await migrateDb(db);
  let now = 1_000_000;
  return { ctx: { db, config, now: () => now, cache: createCaches() }, advance: (ms: number) => (now += ms) };
}

describe('mail over SMTP', () => {
  it('sends queued mail and marks it sent', async () => {
    received = [];
    refuse = false;
    const { ctx } = await setup();
    await queueMail(ctx, { to: 'ada@example.com', subject: 'Hello', text: 'Hi Ada', html: '<p>Hi Ada</p>' });
    expect(await deliverDueMail(ctx, smtpTransport(ctx.config.SMTP_URL!))).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ada@example.com']);
    expect(received[0]!.data).toContain('Subject: Hello');
    const [row] = await ctx.db.select().from(mailOutbox).all();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await deliverDueMail(ctx, smtpTransport(ctx.config.SMTP_URL!))).toBe(0);
  });

  it('retries with backoff when the server refuses, then gives up', async () => {
    received = [];
    refuse = true;
    const { ctx, advance } = await setup();
    const transport = smtpTransport(ctx.config.SMTP_URL!);
    await queueMail(ctx, { to: 'bob@example.com', subject: 'Retry', text: 't', html: 'h' });
    expect(await deliverDueMail(ctx, transport)).toBe(1);
    let [row] = await ctx.db.select().from(mailOutbox).all();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    expect(await deliverDueMail(ctx, transport)).toBe(0);
    for (const delay of MAIL_RETRY_DELAYS_MS) {
      advance(delay);
      expect(await deliverDueMail(ctx, transport)).toBe(1);
    }
    [row] = await ctx.db.select().from(mailOutbox).all();
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_RETRY_DELAYS_MS.length + 1 });
    refuse = false;
  });
});
