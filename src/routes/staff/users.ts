import { staffActor } from '../../middleware/staff';
import { listSuspectedOpens } from '../../services/staff/checkout-errors';
import { listFeedback } from '../../services/staff/feedback';
import { listFootprint } from '../../services/staff/footprint';
import { lookUpUserProduct } from '../../services/staff/user-product';
import {
  feedbackAnswer,
  feedbackBody,
  footprintAnswer,
  footprintBody,
  suspectedAnswer,
  suspectedQuery,
  userProductAnswer,
  userProductBody,
} from '../../shared/schemas/staff/users';
import { CONSOLE_TAGS, staffBody, staffCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const T = CONSOLE_TAGS.staff;

const footprint = endpoint(
  'post',
  '/footprint',
  T,
  'A page of users with their registration, last login, trial start, phones and agents (admins and limited agents)',
  {
    body: body(footprintBody, { search: { page: 1, limit: 50, filter: { email: 'ada@' } } }),
  },
  ok(footprintAnswer),
  staffBody('staff'),
);

const feedback = endpoint(
  'post',
  '/feedback',
  T,
  'A page of unsubscribe feedback, newest first, with the count per reason (admins and limited agents)',
  {
    body: body(feedbackBody, {
      recent: { page: 1, limit: 50, filter: { date: '2022-05-01T08:01:43.630Z', reason: 'expensive' } },
    }),
  },
  ok(feedbackAnswer),
  staffBody('staff'),
);

const suspected = endpoint(
  'get',
  '/suspectedOpens',
  T,
  'Checkouts opened over an hour ago that were never paid, declined or closed (admins only)',
  { query: suspectedQuery },
  ok(suspectedAnswer),
  staffCall('admin'),
);

const userProduct = endpoint(
  'post',
  '/userproduct',
  T,
  "Open a user's product by uid or e-mail, with its API token for reading its logs (admins only; recorded)",
  {
    body: body(userProductBody, { byUid: { uid: 42 }, byEmail: { email: 'ada@example.com' } }),
  },
  ok(userProductAnswer),
  staffBody('admin'),
);

/** `/admin/footprint`, `/admin/feedback`, `/admin/suspectedOpens`, `/admin/userproduct`: users as staff see them. */
export const staffUserRoutes = routes()
  .openapi(footprint, async (c) =>
    c.json({ success: true as const, ...(await listFootprint(c.get('ctx'), c.req.valid('json'))) }, 200),
  )
  .openapi(feedback, async (c) =>
    c.json({ success: true as const, ...(await listFeedback(c.get('ctx'), c.req.valid('json'))) }, 200),
  )
  .openapi(suspected, async (c) =>
    c.json({ success: true as const, ...(await listSuspectedOpens(c.get('ctx'), c.req.valid('query'))) }, 200),
  )
  .openapi(userProduct, async (c) =>
    c.json(
      { success: true as const, ...(await lookUpUserProduct(c.get('ctx'), staffActor(c), c.req.valid('json'))) },
      200,
    ),
  );
