import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, passwordResets, users } from '../../db/schema';
import { sha256Hex } from '../../src/services/auth/crypto';
import { Agent, expectError, registered, STRONG } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function resetLink(email: string): Promise<string> {
  await new Agent(t).postForm('/api/mailer/resetPassword', { from: 'console', email });
  await t.settle();
  const mails = await t.db.select().from(mailOutbox).all();
  return /\/verify\/resetPassword\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)![1]!;
}

const useLink = (token: string, password = 'N3w#Password') =>
  new Agent(t).postJson('/api/verify/resetPassword', { token, password });

describe('password reset links end each other', () => {
  it('a newer link ends the older one', async () => {
    const { email } = await registered(t);
    const older = await resetLink(email);
    const newer = await resetLink(email);
    await expectError(await useLink(older), 400, 'BAD_REQUEST');
    expect((await useLink(newer)).status).toBe(200);
  });

  it('a finished reset ends every other outstanding link', async () => {
    const { email } = await registered(t);
    const first = await resetLink(email);
    // A second link issued in parallel (two requests racing past each other) is still outstanding.
    const user = (await t.db.select().from(users).where(eq(users.email, email)).get())!;
    const parallel = 'p'.repeat(43);
    await t.db.insert(passwordResets).values({
      id: await sha256Hex(parallel),
      userId: user.id,
      createdAt: t.clock.now,
      expiresAt: t.clock.now + 60_000,
    });
    expect((await useLink(first)).status).toBe(200);
    await expectError(await useLink(parallel, 'Other#Pass1'), 400, 'BAD_REQUEST');
  });

  it('a password change ends every outstanding link', async () => {
    const { agent, email } = await registered(t);
    const link = await resetLink(email);
    const res = await agent.postJson('/api/auth/updatePassword', {
      currentpassword: STRONG,
      newpassword: 'Chang3d#Pass',
      confirmpassword: 'Chang3d#Pass',
    });
    expect(res.status).toBe(200);
    await expectError(await useLink(link), 400, 'BAD_REQUEST');
  });
});
