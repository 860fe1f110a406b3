import { liveSignedIn } from '../../middleware/live-session';
import { payload } from '../../middleware/payload';
import { createLabel, deleteLabel, listLabels, setConversationLabels, updateLabel } from '../../services/inbox/labels';
import { justSuccess } from '../../shared/schemas/common';
import { conversationParams, liveConversationAnswer } from '../../shared/schemas/live';
import {
  conversationLabelsBody,
  labelAnswer,
  labelBody,
  labelChangeBody,
  labelListAnswer,
  labelParams,
} from '../../shared/schemas/live/labels';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const T = CONSOLE_TAGS.live;
const guarded = { security: LIVE_SECURITY, middleware: [liveSignedIn] };
const withBody = { security: LIVE_SECURITY, middleware: [liveSignedIn, payload()] };

const list = endpoint('get', '/labels', T, "The account's labels, by name", {}, ok(labelListAnswer), guarded);
const create = endpoint(
  'post',
  '/labels',
  T,
  'Define a label (the account owner; agents get 403)',
  { body: body(labelBody, { vip: { name: 'vip', color: '#e11d48' } }) },
  ok(labelAnswer),
  withBody,
);
const change = endpoint(
  'post',
  '/labels/{labelId}',
  T,
  'Rename or recolor a label (the account owner; agents get 403)',
  { params: labelParams, body: body(labelChangeBody, { rename: { name: 'gold' } }) },
  ok(labelAnswer),
  withBody,
);
const remove = endpoint(
  'delete',
  '/labels/{labelId}',
  T,
  'Delete a label and take it off every conversation (the account owner; agents get 403)',
  { params: labelParams },
  ok(justSuccess),
  guarded,
);
const apply = endpoint(
  'post',
  '/conversations/{id}/labels',
  T,
  "Set a conversation's labels by name (agents may; unknown names answer 400)",
  { params: conversationParams, body: body(conversationLabelsBody, { set: { labels: ['vip'] } }) },
  ok(liveConversationAnswer),
  withBody,
);

/** `/api/live/labels` and a conversation's labels (issue 42). */
export const liveLabelRoutes = routes()
  .openapi(list, async (c) => c.json({ success: true, data: await listLabels(c.get('ctx'), await liveActor(c)) }, 200))
  .openapi(create, async (c) =>
    c.json({ success: true, data: await createLabel(c.get('ctx'), await liveActor(c), c.req.valid('json')) }, 200),
  )
  .openapi(change, async (c) => {
    const { name, color } = c.req.valid('json');
    const data = await updateLabel(c.get('ctx'), await liveActor(c), c.req.valid('param').labelId, { name, color });
    return c.json({ success: true, data }, 200);
  })
  .openapi(remove, async (c) => {
    await deleteLabel(c.get('ctx'), await liveActor(c), c.req.valid('param').labelId);
    return c.json({ success: true }, 200);
  })
  .openapi(apply, async (c) => {
    const labels = c.req.valid('json').labels;
    const data = await setConversationLabels(c.get('ctx'), await liveActor(c), c.req.valid('param').id, labels);
    return c.json({ success: true, data }, 200);
  });
