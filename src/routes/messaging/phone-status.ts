import { ApiError } from '../../errors';
import { leaseOf } from '../../services/runners/leases';
import { effectiveStatus, flagsOf, getPhone, type PhoneRow } from '../../services/phones/phones';
import { instanceStatus, qrDataResponse, statusResponse } from '../../shared/schemas/messaging/answers';
import { refuseForCloud } from '../../services/cloud/refuse';
import { endpoint, binary, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';
import { phoneParams } from '../../shared/schemas/messaging/requests';
import { screenResponse } from './screen';

/** The status call's answer (2-phones §3 "Phone status response", reference Status). */
export function statusView(row: PhoneRow) {
  const flags = flagsOf(row);
  return {
    success: true,
    number: row.number ?? '',
    mobile_proxy: Boolean(row.proxy),
    proxy_region: row.proxyRegion,
    phone_status: effectiveStatus(row),
    status: {
      ...flags,
      number: row.number ?? '',
      ...(row.enabled ? {} : { state: { state: 'DISABLED', canSend: false } }),
    },
  };
}

function requireQr(row: PhoneRow): string {
  if (!row.qr)
    throw new ApiError(
      'CONFLICT',
      row.status === 'active' ? 'The phone is already logged in.' : 'The QR code is not ready yet.',
      { status: row.status },
    );
  return row.qr;
}

const get = <R extends ReturnType<typeof ok> | ReturnType<typeof binary>>(
  path: string,
  summary: string,
  responses: R,
) => endpoint('get', path, TAGS.session, summary, { params: phoneParams }, responses);

const status = get('/status', 'Status of the session', ok(statusResponse));
const instance = get(
  '/instance_status',
  "Replicas of the phone's instance as its runner sees them",
  ok(instanceStatus),
);
const qrData = get('/qrData', "The QR code's text", ok(qrDataResponse));
const qrCode = get('/qrCode', 'The QR code to scan, as an image', binary('image/png'));
const screen = get(
  '/screen',
  "Image of the session's current view: the QR while linking, the chat list when active",
  binary('image/png'),
);

/** Session getters of one phone: `/api/{productId}/{phone_id}/...`. */
export const phoneStatusRoutes = routes()
  .openapi(status, async (c) =>
    answer(c, statusView(await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id))),
  )
  .openapi(instance, async (c) => {
    const row = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    const lease = row.enabled ? await leaseOf(c.get('ctx').db, row.id) : undefined;
    const live = Boolean(lease && lease.leaseUntil > c.get('ctx').now());
    return answer(c, {
      success: true,
      status: {
        replicas: row.enabled ? 1 : 0,
        availableReplicas: live ? 1 : 0,
        readyReplicas: live && lease?.readyAt ? 1 : 0,
      },
    });
  })
  .openapi(qrData, async (c) => {
    const row = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    refuseForCloud(row, 'qrData');
    return answer(c, { success: true, qrData: requireQr(row) });
  })
  .openapi(qrCode, async (c) => {
    const row = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    refuseForCloud(row, 'qrCode');
    requireQr(row);
    return screenResponse(c, row);
  })
  .openapi(screen, async (c) => {
    const row = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    refuseForCloud(row, 'screen');
    return screenResponse(c, row);
  });
