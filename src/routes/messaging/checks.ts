import { Hono } from 'hono';
import { ApiError } from '../../errors';
import type { AppContext, AppEnv } from '../../env';
import { readValid } from '../../middleware/payload';
import { setProfileImageBody } from '../../shared/api-schemas';
import { toChatId } from '../../services/messages/chat-id';
import { getPhone, type PhoneRow } from '../../services/phones/phones';
import { blockRisk, phoneSafety } from '../../services/phones/safety';
import { absolute } from './chats';
import { live } from './live';
import { answer } from './answer';

const phoneOf = (c: AppContext) => getPhone(c.get('ctx'), c.get('product').id, c.req.param('phone_id') ?? '');

function numberParam(c: AppContext): string {
  const raw = c.req.query('number');
  if (!raw) throw new ApiError('VALIDATION', 'number is required, e.g. number=905301234567@c.us');
  const jid = toChatId(raw);
  if (jid.endsWith('@g.us')) throw new ApiError('VALIDATION', 'number must be a phone number, not a group.');
  return jid;
}

async function ownPicture(c: AppContext, phone: PhoneRow): Promise<string | null> {
  if (phone.status !== 'active' || !phone.number) return null;
  const res = await live<{ url: string | null }>(c, phone, 'profile-picture', { jid: `${phone.number}@c.us` }).catch(() => ({ url: null }));
  return res.url ? absolute(c, res.url) : null;
}

/** Number, picture, safety and risk checks of a phone: `/api/{productId}/{phoneId}/...`. */
export const checkRoutes = new Hono<AppEnv>()
  .get('/checknumberstatus', async (c) => {
    const phone = await phoneOf(c);
    const jid = numberParam(c);
    const res = await live<{ exists: boolean; jid: string }>(c, phone, 'check-number', { number: jid });
    return answer(c, { success: true, data: { success: true, result: { status: res.exists ? 200 : 404, jid: res.jid, number: jid.split('@')[0] } } });
  })
  .get('/getProfileImage', async (c) => {
    const phone = await phoneOf(c);
    const jid = numberParam(c);
    const res = await live<{ url: string | null }>(c, phone, 'profile-picture', { jid });
    if (!res.url) throw new ApiError('NOT_FOUND', 'No profile picture found.', undefined, { data: null });
    return answer(c, { success: true, data: absolute(c, res.url) });
  })
  .get('/checkPhoneSafety', async (c) => {
    const phone = await phoneOf(c);
    return answer(c, { success: true, data: await phoneSafety(c.get('ctx'), phone, await ownPicture(c, phone)) });
  })
  .get('/calculateRiskOfBlock', async (c) => {
    const phone = await phoneOf(c);
    const risk = await blockRisk(c.get('ctx'), phone, await phoneSafety(c.get('ctx'), phone, null));
    return answer(c, { success: true, result: risk, data: risk });
  })
  .get('/catalog', async (c) => {
    const phone = await phoneOf(c);
    const list = await live<Record<string, unknown>[]>(c, phone, 'catalog');
    return answer(c, { success: true, data: list.map((p) => ({ ...p, ...(typeof p.image === 'string' ? { image: absolute(c, p.image) } : {}) })) });
  })
  .post('/setProfileImage', async (c) => {
    const phone = await phoneOf(c);
    const input = await readValid(c, setProfileImageBody);
    const jid = input.conversation_id ? toChatId(input.conversation_id) : null;
    await live(c, phone, 'set-profile-image', { jid, imageUrl: input.image, allowPrivate: c.get('deps').config.dev });
    return answer(c, { success: true });
  });
