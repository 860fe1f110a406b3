import { freePhones, phoneList, phoneListV2 } from '../../services/staff/phones';
import { anyPhone, listScreens } from '../../services/staff/screens';
import {
  listScreensAnswer,
  listScreensQuery,
  phoneListAnswer,
  phoneListQuery,
  phoneListV2Query,
  freePhonesQuery,
  phonesAnswer,
  screenParams,
} from '../../shared/schemas/staff/phones';
import { CONSOLE_TAGS, staffCall } from '../kit/console-declare';
import { binary, endpoint, ok, routes } from '../kit/declare';
import { screenResponse } from '../messaging/screen';

const T = CONSOLE_TAGS.staff;

const list = endpoint(
  'get',
  '/phoneList',
  T,
  "Every product's phones, or the idle, sandbox or missed ones, searched and paged, with their products and those products' API tokens (admins only)",
  { query: phoneListQuery },
  ok(phoneListAnswer),
  staffCall('admin'),
);
const v2 = endpoint(
  'get',
  '/phoneListv2',
  T,
  'Phones of one kind (WhatsApp or Instagram) or all, searched and paged (admins only)',
  { query: phoneListV2Query },
  ok(phonesAnswer),
  staffCall('admin'),
);
const free = endpoint(
  'get',
  '/freePhones',
  T,
  'Enabled phones of products without a package (admins only)',
  { query: freePhonesQuery },
  ok(phonesAnswer),
  staffCall('admin'),
);
const screens = endpoint(
  'get',
  '/listScreens',
  T,
  "Phone screen images for the screens grid, after its status, 'Rocket Gizle' and 'Sid Free Gizle' filters (admins only)",
  { query: listScreensQuery },
  ok(listScreensAnswer),
  staffCall('admin'),
);
const screen = endpoint(
  'get',
  '/screen/{phone_id}',
  T,
  "Any phone's screen image: the QR while linking, the chat list when active, else its status (admins only)",
  { params: screenParams },
  binary('image/png'),
  staffCall('admin'),
);

/** `/api/{brand}/admin/phoneList`, `phoneListv2`, `freePhones`, `listScreens` and `screen/{id}`: the phone screens of the back-office. */
export const staffPhoneRoutes = routes()
  .openapi(list, async (c) =>
    c.json({ success: true as const, ...(await phoneList(c.get('ctx'), c.req.valid('query'))) }, 200),
  )
  .openapi(v2, async (c) =>
    c.json({ success: true as const, ...(await phoneListV2(c.get('ctx'), c.req.valid('query'))) }, 200),
  )
  .openapi(free, async (c) =>
    c.json({ success: true as const, ...(await freePhones(c.get('ctx'), c.req.valid('query'))) }, 200),
  )
  .openapi(screens, async (c) =>
    c.json(
      { success: true as const, ...(await listScreens(c.get('ctx'), c.get('ctx').config.BRAND, c.req.valid('query'))) },
      200,
    ),
  )
  .openapi(screen, async (c) => screenResponse(c, await anyPhone(c.get('ctx'), c.req.valid('param').phone_id)));
