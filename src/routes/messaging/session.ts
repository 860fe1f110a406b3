import { and, count, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { messages } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { AppContext, AppEnv } from '../../env';
import { readValid } from '../../middleware/payload';
import { mobileProxyBody, setNameBody } from '../../shared/api-schemas';
import { runCommand } from '../../runner/commands';
import { leaseOf } from '../../runner/leases';
import { forgetDuplicates } from '../../services/messages/dup-filter';
import { cleanNumber } from '../../services/phones/add';
import { clearSession, disable, enable, factoryReset, logout, redeploy, setName, useOldVersion, DISABLED_MESSAGE } from '../../services/phones/lifecycle';
import { flagsOf, getPhone, type PhoneRow } from '../../services/phones/phones';
import { setMobileProxy } from '../../services/phones/proxy';
import { getProduct } from '../../services/products/products';
import { screenResponse } from './screen';
import { answer } from './answer';

const phoneOf = (c: AppContext) => getPhone(c.get('ctx'), c.get('product').id, c.req.param('phoneId') ?? '');

function requirePartnerless(c: AppContext, what: string): void {
  if (c.get('product').settings.partner) throw new ApiError('FORBIDDEN', `Partner accounts cannot ${what}.`);
}

/** The status call's answer (2-phones §3 "Phone status response", reference Status). */
export function statusView(row: PhoneRow) {
  const flags = flagsOf(row);
  return {
    success: true,
    number: row.number ?? '',
    mobile_proxy: Boolean(row.proxy),
    proxy_region: row.proxyRegion,
    phone_status: row.enabled ? row.status : 'disabled',
    status: { ...flags, number: row.number ?? '', ...(row.enabled ? {} : { state: { state: 'DISABLED', canSend: false } }) },
  };
}

/** Per-phone session calls: `/api/{productId}/{phoneId}/...`. */
export const sessionRoutes = new Hono<AppEnv>()
  .get('/status', async (c) => answer(c, statusView(await phoneOf(c))))
  .get('/instance_status', async (c) => {
    const row = await phoneOf(c);
    const lease = row.enabled ? await leaseOf(c.get('ctx').db, row.id) : undefined;
    const live = Boolean(lease && lease.leaseUntil > c.get('ctx').now());
    return answer(c, {
      success: true,
      status: { replicas: row.enabled ? 1 : 0, availableReplicas: live ? 1 : 0, readyReplicas: live && lease?.readyAt ? 1 : 0 },
    });
  })
  .get('/qrData', async (c) => {
    const row = await phoneOf(c);
    if (!row.qr) throw new ApiError('CONFLICT', row.status === 'active' ? 'The phone is already logged in.' : 'The QR code is not ready yet.', { status: row.status });
    return answer(c, { success: true, qrData: row.qr });
  })
  .get('/qrCode', async (c) => {
    const row = await phoneOf(c);
    if (!row.qr) throw new ApiError('CONFLICT', row.status === 'active' ? 'The phone is already logged in.' : 'The QR code is not ready yet.', { status: row.status });
    return screenResponse(c, row);
  })
  .get('/screen', async (c) => screenResponse(c, await phoneOf(c)))
  .post('/setName', async (c) => {
    const body = await readValid(c, setNameBody);
    const row = await setName(c.get('ctx'), await phoneOf(c), body.name);
    return answer(c, { success: true, name: row.name });
  })
  .on(['GET', 'POST'], ['/redeploy', '/restart'], async (c) => {
    const row = await redeploy(c.get('ctx'), await phoneOf(c));
    return answer(c, { success: true, message: `Phone ${row.id} is restarted.` });
  })
  .get('/factoryreset', async (c) => {
    const row = await factoryReset(c.get('ctx'), await phoneOf(c));
    return answer(c, { success: true, message: `Phone ${row.id} is reset to a new instance. Scan the QR code to link it again.` });
  })
  .get('/logout', async (c) => {
    await logout(c.get('ctx'), await phoneOf(c));
    return answer(c, { success: true });
  })
  .get('/clear', async (c) => {
    await clearSession(c.get('ctx'), await phoneOf(c));
    return answer(c, { success: true });
  })
  .get('/useOldVersion', async (c) => {
    await useOldVersion(c.get('ctx'), await phoneOf(c));
    return answer(c, { success: true, message: 'The phone restarts with the previous WhatsApp Web version.' });
  })
  .on(['GET', 'POST'], '/delete', async (c) => {
    requirePartnerless(c, 'disable phones');
    const row = await disable(c.get('ctx'), await phoneOf(c));
    return answer(c, { success: true, type: 'deleted', pid: row.pid, phone_id: String(row.id) });
  })
  .get('/enable', async (c) => {
    requirePartnerless(c, 're-enable phones; contact us');
    const phone = await phoneOf(c);
    if (phone.enabled) return answer(c, { success: true, message: 'The phone is already enabled.' });
    await enable(c.get('ctx'), (await getProduct(c.get('ctx'), c.get('product').id))!, phone);
    return answer(c, { success: true, message: 'The phone is enabled.' });
  })
  .get('/connectWithPhoneNumber', async (c) => {
    requirePartnerless(c, 'connect with a phone number');
    const phone = await phoneOf(c);
    if (!phone.enabled) throw new ApiError('CONFLICT', DISABLED_MESSAGE);
    if (phone.status === 'active') throw new ApiError('CONFLICT', 'The phone is already logged in. Log out first.');
    const number = cleanNumber(c.req.query('number'));
    if (!number) throw new ApiError('VALIDATION', 'number is required: the phone number with its country code.');
    const { code } = await runCommand<{ code: string }>(c.get('ctx'), phone.id, 'pair', { number });
    return answer(c, { success: true, connectionResult: code });
  })
  .post('/mobileProxy', async (c) => {
    const body = await readValid(c, mobileProxyBody);
    const row = await setMobileProxy(c.get('ctx'), await phoneOf(c), body);
    return answer(c, { success: true, mobile_proxy: Boolean(row.proxy), proxy_region: row.proxyRegion });
  })
  .get('/queue', async (c) => {
    const phone = await phoneOf(c);
    const row = await c.get('ctx').db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.phoneId, phone.id), inArray(messages.status, ['queued', 'sending'])))
      .get();
    const n = row?.n ?? 0;
    return answer(c, { success: true, queue: n, stats: { sending: n } });
  })
  .get('/purgeQueue', async (c) => {
    const phone = await phoneOf(c);
    const res = await c.get('ctx').db
      .update(messages)
      .set({ status: 'purged', updatedAt: c.get('ctx').now() })
      .where(and(eq(messages.phoneId, phone.id), eq(messages.status, 'queued')));
    forgetDuplicates(c.get('ctx').db, phone.id);
    return answer(c, { success: true, purged: res.rowsAffected });
  });
