import { liveSignedIn } from '../../middleware/live-session';
import { payload } from '../../middleware/payload';
import { bulkAction, type BulkAction } from '../../services/inbox/bulk';
import { markUnread, setPriority, snoozeConversation } from '../../services/inbox/snooze';
import { conversationParams, liveConversationAnswer } from '../../shared/schemas/live';
import { bulkAnswer, bulkBody, priorityBody, snoozeBody } from '../../shared/schemas/live/organise';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const T = CONSOLE_TAGS.live;
const guarded = { security: LIVE_SECURITY, middleware: [liveSignedIn] };
const withBody = { security: LIVE_SECURITY, middleware: [liveSignedIn, payload()] };
const params = { params: conversationParams };

const snooze = endpoint(
  'post',
  '/conversations/{id}/snooze',
  T,
  'Snooze a waiting conversation or one you hold until a time: it opens again then, or when the customer writes',
  { ...params, body: body(snoozeBody, { iso: { until: '2030-01-01T09:00:00Z' }, epoch: { until: 1893488400000 } }) },
  ok(liveConversationAnswer),
  withBody,
);
const priority = endpoint(
  'post',
  '/conversations/{id}/priority',
  T,
  "Set a conversation's priority",
  { ...params, body: body(priorityBody, { urgent: { priority: 'urgent' } }) },
  ok(liveConversationAnswer),
  withBody,
);
const unread = endpoint(
  'post',
  '/conversations/{id}/unread',
  T,
  'Mark a conversation unread (at least one unread message)',
  params,
  ok(liveConversationAnswer),
  guarded,
);
const bulk = endpoint(
  'post',
  '/conversations/bulk',
  T,
  'Close, assign, label or snooze up to 100 conversations; each id answers as its single call would',
  {
    body: body(bulkBody, {
      close: { ids: ['12:905301234567@c.us'], action: 'close' },
      assign: { ids: ['12:905301234567@c.us'], action: 'assign', agentId: 7 },
    }),
  },
  ok(bulkAnswer),
  withBody,
);

/** Snooze, priority, unread and bulk actions of the inbox (issue 42). */
export const liveOrganiseRoutes = routes()
  .openapi(bulk, async (c) => {
    const b = c.req.valid('json');
    const action: BulkAction =
      b.action === 'assign'
        ? {
            action: 'assign',
            to: b.to === 'owner' || b.agentId === undefined ? { owner: true } : { agentId: b.agentId },
          }
        : b.action === 'label'
          ? { action: 'label', labels: b.labels ?? [] }
          : b.action === 'snooze'
            ? { action: 'snooze', until: b.until! }
            : { action: 'close' };
    return c.json({ success: true, data: await bulkAction(c.get('ctx'), await liveActor(c), b.ids, action) }, 200);
  })
  .openapi(snooze, async (c) => {
    const data = await snoozeConversation(
      c.get('ctx'),
      await liveActor(c),
      c.req.valid('param').id,
      c.req.valid('json').until,
    );
    return c.json({ success: true, data }, 200);
  })
  .openapi(priority, async (c) => {
    const data = await setPriority(
      c.get('ctx'),
      await liveActor(c),
      c.req.valid('param').id,
      c.req.valid('json').priority,
    );
    return c.json({ success: true, data }, 200);
  })
  .openapi(unread, async (c) =>
    c.json({ success: true, data: await markUnread(c.get('ctx'), await liveActor(c), c.req.valid('param').id) }, 200),
  );
