import { beforeEach, describe, expect, it } from 'vitest';
import { Agent, expectError, registered, STRONG } from '../support/agent';
import { MSG } from '../../src/shared/auth-messages';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('accounts: errors', () => {
  it('rejects a wrong password and an unknown e-mail with the same answer', async () => {
    const { email } = await registered(t);
    const wrong = await expectError(
      await new Agent(t).postJson('/api/auth/login', { username: email, password: 'Wrong#Pass1' }),
      401,
      'UNAUTHORIZED',
    );
    const unknown = await expectError(
      await new Agent(t).postJson('/api/auth/login', { username: 'nobody@example.com', password: 'Wrong#Pass1' }),
      401,
      'UNAUTHORIZED',
    );
    expect(wrong.message).toBe(unknown.message);
  });

  it('answers register with the spec messages', async () => {
    const a = new Agent(t);
    expect(
      (await expectError(await a.postJson('/api/auth/register', { email: 'x', password: STRONG }), 422, 'VALIDATION'))
        .message,
    ).toBe('E-mail is not valid!');
    expect((await expectError(await a.postJson('/api/auth/register', { password: STRONG }), 422)).message).toBe(
      'E-mail is required!',
    );
    expect((await expectError(await a.postJson('/api/auth/register', { email: 'a@b.co' }), 422)).message).toBe(
      'Password is required!',
    );
    for (const weak of ['Sh0rt!a', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial11', 'Has space1!']) {
      expect(
        (await expectError(await a.postJson('/api/auth/register', { email: 'a@b.co', password: weak }), 422)).message,
      ).toBe('Min 8, at least one uppercase, lowercase, number and special.');
    }
    await registered(t, 'taken@example.com');
    const dup = await expectError(
      await a.postJson('/api/auth/register', { email: 'TAKEN@example.com', password: STRONG }),
      409,
      'CONFLICT',
    );
    expect(dup.message).toBe('The mail already used.');
  });

  it('answers login validation with the spec messages', async () => {
    const a = new Agent(t);
    expect(
      (await expectError(await a.postJson('/api/auth/login', { username: 'a@b.co', password: '12345' }), 422)).message,
    ).toBe('Password has to be longer than 6 characters!');
    expect((await expectError(await a.postJson('/api/auth/login', { username: 'a@b.co' }), 422)).message).toBe(
      'Password is required!',
    );
  });

  it('answers malformed, oversized and wrongly typed bodies with a clear 4xx', async () => {
    const a = new Agent(t);
    await a.get('/api/auth/user');
    const post = (body: string, type: string) =>
      a.request('/api/auth/login', { method: 'POST', headers: { 'content-type': type }, body });
    await expectError(await post('{"username":', 'application/json'), 400, 'BAD_REQUEST');
    await expectError(await post('data=%7Bnot-json', 'application/x-www-form-urlencoded'), 400, 'BAD_REQUEST');
    await expectError(await post('[1,2]', 'application/json'), 400, 'BAD_REQUEST');
    await expectError(await post('"str"', 'application/json'), 400, 'BAD_REQUEST');
    await expectError(await post('<xml/>', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectError(
      await post(JSON.stringify({ username: 'a@b.co', password: 'x'.repeat(70_000) }), 'application/json'),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectError(
      await post(JSON.stringify({ username: 42, password: {} }), 'application/json'),
      422,
      'VALIDATION',
    );
    await expectError(
      await post(JSON.stringify({ username: 'a@b.co', password: 'y'.repeat(201) }), 'application/json'),
      422,
      'VALIDATION',
    );
  });

  it('requires a session for the profile calls and the product', async () => {
    const a = new Agent(t);
    await expectError(await a.get('/api/auth/user'), 401, 'UNAUTHORIZED');
    await expectError(await a.get('/api/wapi/product'), 401, 'UNAUTHORIZED');
    await expectError(await a.postJson('/api/auth/updateInfo', { name: 'x' }), 401, 'UNAUTHORIZED');
    await expectError(await a.postJson('/api/auth/updatePassword', { newpassword: 'abcdefg' }), 401, 'UNAUTHORIZED');
  });

  it('validates settings with the spec messages', async () => {
    const { agent, user } = await registered(t);
    expect((await expectError(await agent.postJson('/api/auth/updateInfo', { name: '' }), 422)).message).toBe(
      'Name is required!',
    );
    expect((await expectError(await agent.postJson('/api/auth/updateInfo', { phone: '12a' }), 422)).message).toBe(
      'Phone number is not valid!',
    );
    // One rule and one message for a new password, as the settings form's hint states it.
    expect(
      (await expectError(await agent.postJson('/api/auth/updatePassword', { newpassword: '12345' }), 422)).message,
    ).toBe(MSG.passwordRule);
    const company = { vatNumber: 'V1', country: 'US', city: 'NYC', street: 'Main' };
    expect(
      (await expectError(await agent.postJson('/api/auth/updateInfo', { id: user.id, extra: { company } }), 422))
        .message,
    ).toBe('Postcode is required for the selected country!');
    expect(
      (
        await expectError(
          await agent.postJson('/api/auth/updateInfo', {
            id: user.id,
            extra: { company: { ...company, vatNumber: '' } },
          }),
          422,
        )
      ).message,
    ).toBe('VAT number is required!');
  });

  it('answers unknown API routes with the error shape', async () => {
    await expectError(await t.app.request('/api/nope'), 404, 'NOT_FOUND');
    await expectError(await t.app.request('/api/otherbrand/product'), 404, 'NOT_FOUND');
  });
});
