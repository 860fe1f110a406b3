import { payload } from '../../middleware/payload';
import { addOptouts, listOptouts, removeOptout } from '../../services/optouts/list';
import { getOptoutWords, setOptoutWords } from '../../services/optouts/settings';
import {
  optoutDeleteResponse,
  optoutNumberParams,
  optoutNumbersBody,
  optoutSettingsBody,
  optoutSettingsResponse,
  optoutsAddResponse,
  optoutsQuery,
  optoutsResponse,
} from '../../shared/schemas/optouts';
import { body, endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';

const list = endpoint(
  'get',
  '/optouts',
  TAGS.checks,
  'The opt-out list: numbers campaigns skip, newest first, paged with next_cursor',
  { query: optoutsQuery },
  ok(optoutsResponse),
  {
    description:
      "A customer whose whole message is STOP or UNSUBSCRIBE (any case, trimmed), or one of the product's words, is put on the list (source keyword) and an `optout` webhook is sent. A direct sendMessage to a number on the list is not blocked: that is the developer's call.",
  },
);
const add = endpoint(
  'post',
  '/optouts',
  TAGS.checks,
  'Put numbers on the opt-out list (idempotent; invalid entries are reported, the others added)',
  { body: body(optoutNumbersBody, { Numbers: { numbers: ['905301234567', '+90 530 123 4568'] } }) },
  ok(optoutsAddResponse),
  { middleware: [payload()] as const },
);
const remove = endpoint(
  'delete',
  '/optouts/{number}',
  TAGS.checks,
  'Take a number off the opt-out list',
  { params: optoutNumberParams },
  ok(optoutDeleteResponse),
);
const words = endpoint(
  'get',
  '/optouts/settings',
  TAGS.checks,
  "The product's opt-out words besides STOP and UNSUBSCRIBE",
  {},
  ok(optoutSettingsResponse),
);
const setWords = endpoint(
  'post',
  '/optouts/settings',
  TAGS.checks,
  "Set the product's opt-out words (up to 20, 1-30 characters each; STOP and UNSUBSCRIBE always apply)",
  { body: body(optoutSettingsBody, { Words: { words: ['DUR', 'İPTAL'] } }) },
  ok(optoutSettingsResponse),
  { middleware: [payload()] as const },
);

/** `/api/{productId}/optouts...` (issue 41): the product's opt-out list and its words. */
export const optoutRoutes = routes()
  .openapi(words, async (c) =>
    answer(c, { success: true, ...(await getOptoutWords(c.get('ctx'), c.get('product').id)) }),
  )
  .openapi(setWords, async (c) =>
    answer(c, {
      success: true,
      ...(await setOptoutWords(c.get('ctx'), c.get('product').id, c.req.valid('json').words)),
    }),
  )
  .openapi(list, async (c) =>
    answer(c, { success: true, ...(await listOptouts(c.get('ctx'), c.get('product').id, c.req.valid('query'))) }),
  )
  .openapi(add, async (c) =>
    answer(c, { success: true, ...(await addOptouts(c.get('ctx'), c.get('product').id, c.req.valid('json').numbers)) }),
  )
  .openapi(remove, async (c) =>
    answer(c, {
      success: true,
      ...(await removeOptout(c.get('ctx'), c.get('product').id, c.req.valid('param').number)),
    }),
  );
