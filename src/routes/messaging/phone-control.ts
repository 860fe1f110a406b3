import { ApiError } from '../../errors';
import type { AppEnv } from '../../env';
import { payload } from '../../middleware/payload';
import { runCommand } from '../../services/commands/commands';
import { cleanNumber } from '../../services/phones/add';
import {
  clearSession,
  disable,
  enable,
  factoryReset,
  logout,
  redeploy,
  setName,
  useOldVersion,
  DISABLED_MESSAGE,
} from '../../services/phones/lifecycle';
import { getPhone } from '../../services/phones/phones';
import { setMobileProxy } from '../../services/phones/proxy';
import { getProduct } from '../../services/products/products';
import { refuseForCloud } from '../../services/cloud/refuse';
import { connectQuery, mobileProxyBody, setNameBody, phoneParams } from '../../shared/schemas/messaging/requests';
import { errorShape, justSuccess } from '../../shared/schemas/common';
import {
  connectAnswer,
  deleted,
  mobileProxyAnswer,
  setNameAnswer,
  withMessage,
} from '../../shared/schemas/messaging/answers';
import { endpoint, body, ERRORS, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';
import type { Context } from 'hono';

type Ctx = Context<AppEnv, string, { out: { param: { phone_id: string } } }>;

const phoneOf = (c: Ctx) => getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);

function requirePartnerless(c: Ctx, what: string): void {
  if (c.get('product').settings.partner) throw new ApiError('FORBIDDEN', `Partner accounts cannot ${what}.`);
}

/** A control call of one phone; `hide` keeps the second method of GET-or-POST calls out of the document. */
function control<R extends ReturnType<typeof ok>>(
  method: 'get' | 'post',
  path: string,
  summary: string,
  responses: R,
  hide = false,
) {
  return endpoint(method, path, TAGS.control, summary, { params: phoneParams }, responses, hide ? { hide } : {});
}

const setNameRoute = endpoint(
  'post',
  '/setName',
  TAGS.control,
  'Name the phone',
  { params: phoneParams, body: body(setNameBody) },
  ok(setNameAnswer),
  { middleware: [payload()] as const },
);
const mobileProxyRoute = endpoint(
  'post',
  '/mobileProxy',
  TAGS.control,
  'Put the phone behind a mobile proxy of a region (redeploys it)',
  { params: phoneParams, body: body(mobileProxyBody) },
  ok(mobileProxyAnswer),
  { middleware: [payload()] as const },
);
const connectRoute = endpoint(
  'get',
  '/connectWithPhoneNumber',
  TAGS.control,
  'Link with a pairing code instead of a QR (number=with country code)',
  {
    params: phoneParams,
    query: connectQuery,
  },
  ok(connectAnswer),
);

/** The reference's own reason for its deprecated backup and restore calls. */
const MULTI_DEVICE_REASON = "DEPRECATED Multi-Device doesn't support this feature.";

/** A call the reference deprecated: declared (deprecated), answering 410 with the reference's reason. */
function gone(method: 'get' | 'post', path: string) {
  return endpoint(
    method,
    path,
    TAGS.control,
    MULTI_DEVICE_REASON,
    { params: phoneParams },
    { 410: { description: MULTI_DEVICE_REASON, content: { 'application/json': { schema: errorShape } } }, ...ERRORS },
    { deprecated: true },
  );
}

async function goneHandler(c: Ctx): Promise<never> {
  // Another account's phone answers 404 as everywhere; one's own learns the call is gone.
  await phoneOf(c);
  throw new ApiError('GONE', MULTI_DEVICE_REASON);
}

const REDEPLOY = "Restart the phone's session (it stays linked)";
const DELETE = 'Disable the phone (its data stays)';

async function redeployHandler(c: Ctx) {
  const phone = await phoneOf(c);
  refuseForCloud(phone, c.req.path.endsWith('/restart') ? 'restart' : 'redeploy');
  const row = await redeploy(c.get('ctx'), phone);
  return answer(c, { success: true, message: `Phone ${row.id} is restarted.` });
}

async function deleteHandler(c: Ctx) {
  requirePartnerless(c, 'disable phones');
  const row = await disable(c.get('ctx'), await phoneOf(c));
  return answer(c, { success: true, type: 'deleted' as const, pid: row.pid, phone_id: String(row.id) });
}

/** Session controls of one phone: `/api/{productId}/{phone_id}/...`. */
export const phoneControlRoutes = routes()
  .openapi(setNameRoute, async (c) => {
    const row = await setName(c.get('ctx'), await phoneOf(c), c.req.valid('json').name);
    return answer(c, { success: true, name: row.name });
  })
  .openapi(control('get', '/redeploy', REDEPLOY, ok(withMessage)), redeployHandler)
  .openapi(control('post', '/redeploy', REDEPLOY, ok(withMessage), true), redeployHandler)
  .openapi(control('get', '/restart', "Restart the phone's session (Browser Stuck)", ok(withMessage)), redeployHandler)
  .openapi(control('post', '/restart', REDEPLOY, ok(withMessage), true), redeployHandler)
  .openapi(
    control(
      'get',
      '/factoryreset',
      'Reset the phone to a new instance (unlinks it, clears chats and queue)',
      ok(withMessage),
    ),
    async (c) => {
      const phone = await phoneOf(c);
      refuseForCloud(phone, 'factoryreset');
      const row = await factoryReset(c.get('ctx'), phone);
      return answer(c, {
        success: true,
        message: `Phone ${row.id} is reset to a new instance. Scan the QR code to link it again.`,
      });
    },
  )
  .openapi(control('get', '/logout', 'Log the number out; a new QR follows', ok(justSuccess)), async (c) => {
    const phone = await phoneOf(c);
    refuseForCloud(phone, 'logout');
    await logout(c.get('ctx'), phone);
    return answer(c, { success: true });
  })
  .openapi(
    control('get', '/clear', "Drop the session's cached chats and restart it (the login stays)", ok(justSuccess)),
    async (c) => {
      await clearSession(c.get('ctx'), await phoneOf(c));
      return answer(c, { success: true });
    },
  )
  .openapi(
    control('get', '/useOldVersion', "Restart with the engine's previous WhatsApp Web version", ok(withMessage)),
    async (c) => {
      const phone = await phoneOf(c);
      refuseForCloud(phone, 'useOldVersion');
      await useOldVersion(c.get('ctx'), phone);
      return answer(c, { success: true, message: 'The phone restarts with the previous WhatsApp Web version.' });
    },
  )
  .openapi(gone('get', '/backup'), goneHandler)
  .openapi(gone('post', '/restore'), goneHandler)
  .openapi(control('get', '/delete', DELETE, ok(deleted)), deleteHandler)
  .openapi(control('post', '/delete', DELETE, ok(deleted), true), deleteHandler)
  .openapi(
    control('get', '/enable', 'Enable a disabled phone (within the phone limit)', ok(withMessage)),
    async (c) => {
      requirePartnerless(c, 're-enable phones; contact us');
      const phone = await phoneOf(c);
      if (phone.enabled) return answer(c, { success: true, message: 'The phone is already enabled.' });
      await enable(c.get('ctx'), (await getProduct(c.get('ctx'), c.get('product').id))!, phone);
      return answer(c, { success: true, message: 'The phone is enabled.' });
    },
  )
  .openapi(connectRoute, async (c) => {
    requirePartnerless(c, 'connect with a phone number');
    const phone = await phoneOf(c);
    refuseForCloud(phone, 'connectWithPhoneNumber');
    if (!phone.enabled) throw new ApiError('CONFLICT', DISABLED_MESSAGE);
    if (phone.status === 'active') throw new ApiError('CONFLICT', 'The phone is already logged in. Log out first.');
    const number = cleanNumber(c.req.valid('query').number);
    if (!number) throw new ApiError('VALIDATION', 'number is required: the phone number with its country code.');
    const { code } = await runCommand(c.get('ctx'), phone.id, 'pair', { number });
    return answer(c, { success: true, connectionResult: code });
  })
  .openapi(mobileProxyRoute, async (c) => {
    const row = await setMobileProxy(c.get('ctx'), await phoneOf(c), c.req.valid('json'));
    return answer(c, { success: true, mobile_proxy: Boolean(row.proxy), proxy_region: row.proxyRegion });
  });
