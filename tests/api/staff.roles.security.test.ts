import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffAudit } from '../../db/schema';
import { STAFF_MSG } from '../../src/shared/staff';
import { expectError } from '../support/agent';
import { staffTeam } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type Doc = { paths: Record<string, Record<string, { tags?: string[] }>> };
/** The calls a limited agent may make (4-admin §6: the footprint and feedback tabs). */
const LIMITED = new Set(['POST /api/wapi/admin/footprint', 'POST /api/wapi/admin/feedback']);

/** Every back-office call the console document declares, with its path parameters filled in. */
async function staffCalls(): Promise<{ method: string; path: string; key: string }[]> {
  const doc = (await (await t.app.request('/api/wapi/openapi.json')).json()) as Doc;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.tags?.includes('Back-office'))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '1'),
        key: `${method.toUpperCase()} ${path}`,
        op,
      })),
  );
}

describe('the back-office role matrix', () => {
  it('answers every admin call: a stranger 401, a customer 403, a limited agent only footprint and feedback, an admin all; each refusal recorded', async () => {
    const team = await staffTeam(t);
    const calls = await staffCalls();
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const call = (who: keyof typeof team, c: { method: string; path: string }) =>
      c.method === 'GET' ? team[who].get(c.path) : team[who].postJson(c.path, {});
    let refused = 0;
    for (const c of calls) {
      await expectError(await call('anonymous', c), 401, 'UNAUTHORIZED');
      expect((await expectError(await call('customer', c), 403, 'FORBIDDEN')).message).toBe(STAFF_MSG.staffOnly);
      refused += 2;
      const limited = await call('limited', c);
      if (LIMITED.has(c.key)) expect([401, 403], c.key).not.toContain(limited.status);
      else {
        expect((await expectError(limited, 403, 'FORBIDDEN')).message).toBe(STAFF_MSG.adminsOnly);
        refused++;
      }
      expect([401, 403], c.key).not.toContain((await call('admin', c)).status);
    }
    const denied = (await t.db.select().from(staffAudit).all()).filter((a) => a.action === 'denied');
    expect(denied).toHaveLength(refused);
    expect(denied.find((d) => d.staffEmail === 'buyer@example.com')).toMatchObject({ detail: { level: 'customer' } });
  });

  it('never lets a customer flag themself staff through their own settings', async () => {
    const team = await staffTeam(t);
    const res = await team.customer.postJson('/api/auth/updateInfo', {
      name: 'Sneaky',
      extra: { admin: true, limitedAgent: true, company: { name: 'X' } },
      admin: true,
      role: 'admin',
    });
    expect(res.status).toBeLessThan(500);
    const me = (await (await team.customer.get('/api/auth/user')).json()) as {
      data: { role: string; extra: { admin: boolean; limitedAgent: boolean } };
    };
    expect(me.data).toMatchObject({ role: 'customer', extra: { admin: false, limitedAgent: false } });
    await expectError(await team.customer.get('/api/wapi/admin/audit'), 403, 'FORBIDDEN');
    await expectError(
      await team.customer.postJson('/api/wapi/admin/grant', { email: 'buyer@example.com', role: 'admin' }),
      403,
      'FORBIDDEN',
    );
  });

  it('lets an admin grant and take back staff roles, and shows it in the audit log', async () => {
    const team = await staffTeam(t);
    expect(
      (await team.admin.postJson('/api/wapi/admin/grant', { email: 'buyer@example.com', role: 'limited' })).status,
    ).toBe(200);
    const me = (await (await team.customer.get('/api/auth/user')).json()) as {
      data: { role: string; extra: { limitedAgent: boolean } };
    };
    expect(me.data).toMatchObject({ role: 'limited', extra: { limitedAgent: true } });
    await expectError(
      await team.admin.postJson('/api/wapi/admin/grant', { email: 'nobody@example.com', role: 'admin' }),
      404,
      'NOT_FOUND',
    );
    const log = (await (await team.admin.get('/api/wapi/admin/audit?action=grant')).json()) as {
      result: { staff_email: string; target: string; detail: unknown }[];
    };
    expect(log.result[0]).toMatchObject({
      staff_email: 'boss@example.com',
      target: 'buyer@example.com',
      detail: { role: 'limited' },
    });
  });
});
