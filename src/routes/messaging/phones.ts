import { ApiError } from '../../errors';
import { payload } from '../../middleware/payload';
import { getUser } from '../../services/auth/users';
import { queueCounts } from '../../services/messages/queue';
import { addPhone, cleanNumber } from '../../services/phones/add';
import { addCloudPhone, type AddCloudPhone } from '../../services/cloud/accounts';
import { redeployMany } from '../../services/phones/lifecycle';
import { cachedPhoneList } from '../../services/phones/list-cache';
import { effectiveStatus, listPhoneRows, phoneView } from '../../services/phones/phones';
import { getProduct } from '../../services/products/products';
import type { ServiceCtx } from '../../services/context';
import {
  addPhoneBody,
  listPhonesQuery,
  numberQuery,
  queuesQuery,
  redeployAllBody,
} from '../../shared/schemas/messaging/requests';
import {
  addPhoneResponse,
  addSandboxResponse,
  phoneListAnswer,
  queuesResponse,
  redeployAllResponse,
} from '../../shared/schemas/messaging/answers';
import { endpoint, body, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';

const listPhones = endpoint(
  'get',
  '/listPhones',
  TAGS.account,
  'Phones of the product (config=true adds their webhook settings)',
  { query: listPhonesQuery },
  ok(phoneListAnswer),
);
const addPhonePost = endpoint(
  'post',
  '/addPhone',
  TAGS.account,
  'Add a phone (engine cloud: an official number of the WhatsApp Cloud API)',
  { query: numberQuery, body: { ...body(addPhoneBody), required: false } },
  ok(addPhoneResponse),
  { middleware: [payload()] as const },
);
const addPhoneGet = endpoint(
  'get',
  '/addPhone',
  TAGS.account,
  'Add a phone',
  { query: numberQuery },
  ok(addPhoneResponse),
  { hide: true },
);
const addSandbox = endpoint(
  'get',
  '/addSandbox',
  TAGS.account,
  'Add the free sandbox phone (5 conversations a month, 150 messages a day)',
  {},
  ok(addSandboxResponse),
);
const queues = endpoint(
  'get',
  '/queues',
  TAGS.account,
  'Send queue length of every phone (number=true adds the numbers)',
  { query: queuesQuery },
  ok(queuesResponse),
);
const redeployAll = endpoint(
  'post',
  '/redeployAll',
  TAGS.control,
  'Redeploy many phones at once (bulk controls)',
  { body: body(redeployAllBody) },
  ok(redeployAllResponse),
  { middleware: [payload()] as const },
);

/** The three fields an official number needs, each named when missing. */
function cloudFields(sent: {
  phone_number_id?: string | undefined;
  waba_id?: string | undefined;
  access_token?: string | undefined;
}): AddCloudPhone {
  const missing = (['phone_number_id', 'waba_id', 'access_token'] as const).filter((k) => !sent[k]);
  if (missing.length)
    throw new ApiError('VALIDATION', `${missing.join(', ')}: required for an official number (engine cloud).`, {
      fields: Object.fromEntries(missing.map((k) => [k, 'required'])),
    });
  return { phone_number_id: sent.phone_number_id!, waba_id: sent.waba_id!, access_token: sent.access_token! };
}

/** Adds a phone of the number given (if any) and answers it as the reference does. */
async function added(ctx: ServiceCtx, pid: string, rawNumber: unknown) {
  const product = (await getProduct(ctx, pid))!;
  const row = await addPhone(ctx, product, { number: cleanNumber(rawNumber) });
  return { success: true, id: row.id, pid: row.pid, number: row.number ?? '', name: row.name, multi_device: true };
}

/** The product's phones as listPhones answers them (from the phone-list cache). */
export function phoneList(ctx: ServiceCtx, pid: string, withConfig: boolean) {
  return cachedPhoneList(ctx, pid, String(withConfig), async () => {
    const rows = await listPhoneRows(ctx, pid);
    const counts = await queueCounts(
      ctx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => phoneView(r, counts.get(r.id) ?? 0, withConfig));
  });
}

/** Account-level phone calls of the messaging API: `/api/{productId}/...`. */
export const accountPhoneRoutes = routes()
  .openapi(listPhones, async (c) => {
    return answer(c, await phoneList(c.get('ctx'), c.get('product').id, c.req.valid('query').config === 'true'));
  })
  .openapi(addPhonePost, async (c) => {
    const sent = c.req.valid('json');
    if ('engine' in sent && sent.engine === 'cloud') {
      const product = (await getProduct(c.get('ctx'), c.get('product').id))!;
      const row = await addCloudPhone(c.get('ctx'), product, cloudFields(sent));
      return answer(c, { success: true, ...phoneView(row) });
    }
    return answer(
      c,
      await added(c.get('ctx'), c.get('product').id, 'number' in sent ? sent.number : c.req.valid('query').number),
    );
  })
  .openapi(addPhoneGet, async (c) =>
    answer(c, await added(c.get('ctx'), c.get('product').id, c.req.valid('query').number)),
  )
  .openapi(addSandbox, async (c) => {
    const product = (await getProduct(c.get('ctx'), c.get('product').id))!;
    const row = await addPhone(c.get('ctx'), product, { sandbox: true });
    return answer(c, { success: true, addedPhone: phoneView(row) });
  })
  .openapi(queues, async (c) => {
    const rows = (await listPhoneRows(c.get('ctx'), c.get('product').id)).filter((r) => r.type === 'whatsapp');
    const counts = await queueCounts(
      c.get('ctx'),
      rows.map((r) => r.id),
    );
    const withNumber = c.req.valid('query').number === 'true';
    return answer(c, {
      success: true,
      queues: rows.map((r) => ({
        id: r.id,
        status: effectiveStatus(r),
        queue: counts.get(r.id) ?? 0,
        ...(withNumber ? { number: r.number ?? '' } : {}),
      })),
    });
  })
  .openapi(redeployAll, async (c) => {
    const owner = await getUser(c.get('ctx'), c.get('product').uid);
    if (!owner?.extra.isRocket) throw new ApiError('FORBIDDEN', 'Bulk redeploy is not enabled for this account.');
    return answer(c, {
      success: true,
      redeployed: await redeployMany(c.get('ctx'), c.get('product').id, c.req.valid('json').phones),
    });
  });
