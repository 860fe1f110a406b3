import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/middleware/api-log';
import { loggablePath } from '../../src/middleware/logger';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('secrets stay out of logs', () => {
  it('keeps the webhook secret and the token out of the API log', async () => {
    const { api, token } = await customer(t);
    const product = await api.get('/product');
    const secret = product.body.webhook_secret as string;
    expect(secret).toMatch(/^whsec_/);
    await api.request(`/product?token=${token}`, { headers: { 'x-api-key': token } });
    await t.settle();
    const logs = await api.get('/logs');
    const text = JSON.stringify(logs.body);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(token);
    expect(text).toContain(REDACTED);
  });

  it('logs reset, invitation and unsubscribe paths without their token', () => {
    expect(loggablePath('/verify/resetPassword/abcDEF123_-')).toBe('/verify/resetPassword/[redacted]');
    expect(loggablePath('/verify/agent/xyz')).toBe('/verify/agent/[redacted]');
    expect(loggablePath('/unsubscribe/Zq3_unsubscribe-token')).toBe('/unsubscribe/[redacted]');
    expect(loggablePath('/api/auth/login')).toBe('/api/auth/login');
  });
});
