import { liveSignedIn } from '../../middleware/live-session';
import { payload } from '../../middleware/payload';
import { getContact, updateContact } from '../../services/inbox/contacts';
import { contactAnswer, contactBody, contactParams } from '../../shared/schemas/live/contacts';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const T = CONSOLE_TAGS.live;

const get = endpoint(
  'get',
  '/contacts/{chatId}',
  T,
  "A customer of the account: the team's name, e-mail and attributes, the labels and past conversations",
  { params: contactParams },
  ok(contactAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn] },
);
const save = endpoint(
  'post',
  '/contacts/{chatId}',
  T,
  "Save a customer's name, e-mail or attributes (what is given; empty removes)",
  {
    params: contactParams,
    body: body(contactBody, { edit: { name: 'Ada Lovelace', email: 'ada@example.com', attributes: { plan: 'gold' } } }),
  },
  ok(contactAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn, payload()] },
);

/** `/api/live/contacts/{chatId}`: the contact panel (issue 42). */
export const liveContactRoutes = routes()
  .openapi(get, async (c) =>
    c.json(
      { success: true, data: await getContact(c.get('ctx'), await liveActor(c), c.req.valid('param').chatId) },
      200,
    ),
  )
  .openapi(save, async (c) => {
    const { name, email, attributes } = c.req.valid('json');
    const data = await updateContact(c.get('ctx'), await liveActor(c), c.req.valid('param').chatId, {
      name,
      email,
      attributes,
    });
    return c.json({ success: true, data }, 200);
  });
