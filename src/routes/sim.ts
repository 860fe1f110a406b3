import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { phones } from '../../db/schema';
import { SIM_RULES } from '../engines/simulator/rules';
import { simFaultBody, simIncomingBody, simPairBody, simScanBody } from '../shared/api-schemas';
import { ApiError } from '../errors';
import type { AppContext, AppEnv } from '../env';
import { productByToken, TOKEN_HEADERS } from '../middleware/api-token';
import { readValid } from '../middleware/payload';
import { runCommand } from '../runner/commands';
import type { PhoneRow } from '../services/phones/phones';
import { renderAvatar } from '../services/screen/render';


/**
 * Outside development the controls act only with the phone's product token: the simulator may be
 * switched on in production (SIMULATOR=true), and its controls must not let strangers act on phones.
 */
async function simPhone(c: AppContext, id: number): Promise<PhoneRow> {
  const row = await c.get('ctx').db.select().from(phones).where(eq(phones.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', 'Phone not found.');
  if (!c.get('deps').config.dev) {
    const token = c.req.header(TOKEN_HEADERS[0]) ?? c.req.query('token');
    const product = token ? await productByToken(c.get('ctx'), token) : null;
    if (product?.id !== row.pid) throw new ApiError('NOT_FOUND', 'Phone not found.');
  }
  if (row.engine !== 'sim') throw new ApiError('BAD_REQUEST', 'This phone does not run on the simulator.');
  if (!row.enabled) throw new ApiError('CONFLICT', 'The phone is disabled.');
  return row;
}

/** `/api/sim/*`: the simulated WhatsApp network's controls (scan, pair, incoming, fault) and avatars. */
export const simRoutes = new Hono<AppEnv>()
  .post('/scan', async (c) => {
    const input = await readValid(c, simScanBody);
    const row = await c.get('ctx').db.select().from(phones).where(eq(phones.qr, input.qr)).get();
    if (!row || row.engine !== 'sim') throw new ApiError('NOT_FOUND', 'No phone is showing this QR code (it may have changed: QR codes rotate).');
    const me = await runCommand<{ number: string; name: string }>(c.get('ctx'), row.id, 'sim-scan', { qr: input.qr, ...(input.number ? { number: input.number } : {}) });
    return c.json({ success: true, phoneId: row.id, number: me.number });
  })
  .post('/pair', async (c) => {
    const input = await readValid(c, simPairBody);
    const row = await simPhone(c, input.phoneId);
    const me = await runCommand<{ number: string }>(c.get('ctx'), row.id, 'sim-pair', { code: input.code });
    return c.json({ success: true, phoneId: row.id, number: me.number });
  })
  .post('/incoming', async (c) => {
    const input = await readValid(c, simIncomingBody);
    const row = await simPhone(c, input.phoneId);
    const key = await runCommand<{ id: string; chatId: string }>(c.get('ctx'), row.id, 'sim-incoming', { from: input.from, message: input.message });
    return c.json({ success: true, id: key.id, chatId: key.chatId });
  })
  .post('/fault', async (c) => {
    const input = await readValid(c, simFaultBody);
    const row = await simPhone(c, input.phoneId);
    await runCommand(c.get('ctx'), row.id, 'sim-fault', { fault: input.fault });
    return c.json({ success: true });
  })
  .get('/avatar/:file{[0-9]{6,15}\\.png}', async (c) => {
    const n = c.req.param('file').replace('.png', '');
    const png = await renderAvatar(SIM_RULES.name(n), n);
    return new Response(png, { headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' } });
  });
