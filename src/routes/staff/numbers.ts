import { staffActor } from '../../middleware/staff';
import { BAN_MSG, deleteBan, listBans, setBan } from '../../services/staff/bans';
import { phoneFootprints } from '../../services/staff/numbers';
import {
  banAnswer,
  bannedListAnswer,
  bannedListQuery,
  deleteBanBody,
  phoneFootprintAnswer,
  phoneFootprintQuery,
  setBanBody,
} from '../../shared/schemas/staff/phones';
import { CONSOLE_TAGS, staffBody, staffCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const T = CONSOLE_TAGS.staff;

const footprint = endpoint(
  'get',
  '/footprint/phone',
  T,
  'Phone numbers with the accounts that used them (pid, status, e-mail, package), filtered, sorted and paged, with summary counts (admins only)',
  { query: phoneFootprintQuery },
  ok(phoneFootprintAnswer),
  staffCall('admin'),
);
const banned = endpoint(
  'get',
  '/bannedList',
  T,
  'Banned numbers, newest ban first (admins only)',
  { query: bannedListQuery },
  ok(bannedListAnswer),
  staffCall('admin'),
);
const ban = endpoint(
  'post',
  '/setBan',
  T,
  'Ban a number: trial-abuse (the default) or banned (admins only; recorded)',
  { body: body(setBanBody, { ban: { number: '905301234567', reason: 'trial-abuse' } }) },
  ok(banAnswer),
  staffBody('admin'),
);
const unban = endpoint(
  'post',
  '/deleteBan',
  T,
  "Lift a number's ban (admins only; recorded)",
  { body: body(deleteBanBody, { unban: { number: '905301234567' } }) },
  ok(banAnswer),
  staffBody('admin'),
);

/** `/api/{brand}/admin/footprint/phone`, `bannedList`, `setBan` and `deleteBan`: the Numbers screen. */
export const staffNumberRoutes = routes()
  .openapi(footprint, async (c) =>
    c.json({ success: true as const, ...(await phoneFootprints(c.get('ctx'), c.req.valid('query'))) }, 200),
  )
  .openapi(banned, async (c) =>
    c.json({ success: true as const, ...(await listBans(c.get('ctx'), c.req.valid('query'))) }, 200),
  )
  .openapi(ban, async (c) => {
    const { number, reason } = c.req.valid('json');
    await setBan(c.get('ctx'), staffActor(c), number, reason);
    return c.json({ success: true as const, message: BAN_MSG.set }, 200);
  })
  .openapi(unban, async (c) => {
    await deleteBan(c.get('ctx'), staffActor(c), c.req.valid('json').number);
    return c.json({ success: true as const, message: BAN_MSG.removed }, 200);
  });
