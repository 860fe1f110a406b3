import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { liveSignedIn } from '../../middleware/live-session';
import { LIVE_EVENTS_BATCH, latestLiveEventId, liveEventsAfter } from '../../services/live/events';
import { CONSOLE_TAGS } from '../console-declare';
import { endpoint, ERRORS, routes } from '../declare';
import { LIVE_SECURITY, liveActor } from './actor';

/** How often a stream looks for events another process recorded (this process's wake it at once). */
const POLL_MS = 250;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const eventsQuery = z.object({
  lastEventId: z.coerce.number().int().min(0).max(2 ** 53 - 1).optional().meta({ description: 'Resume after this event id (for clients that cannot send the Last-Event-ID header)' }),
});
const lastEventHeader = z.object({
  'last-event-id': z.string().max(20).optional().meta({ description: 'Resume after this event id: every later event is replayed' }),
});

const events = endpoint('get', '/events', CONSOLE_TAGS.live, "The inbox's server-sent events (message, ack, conversation, note), each with an id line; resumable with Last-Event-ID", { query: eventsQuery, headers: lastEventHeader }, {
  200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string().meta({ description: '`id:`, `event:` and `data:` (JSON) lines per event' }) } } },
  ...ERRORS,
} as const, { security: LIVE_SECURITY, middleware: [liveSignedIn] });

/** Resolves after `ms`, or sooner when `wake` is called. */
function pause(ms: number): { done: Promise<void>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, wake };
}

/** `GET /api/live/events`: replays the account's durable event log after the last id the client saw, then follows it. */
export const liveEventRoutes = routes().openapi(events, async (c) => {
  const actor = await liveActor(c);
  const ctx = c.get('ctx');
  const header = Number(c.req.valid('header')['last-event-id']);
  const resume = Number.isSafeInteger(header) && header >= 0 ? header : c.req.valid('query').lastEventId;
  let last = resume ?? (await latestLiveEventId(ctx, actor.pid));
  const res = streamSSE(c, async (stream) => {
    let open = true;
    let sleeping = pause(0);
    stream.onAbort(() => {
      open = false;
      sleeping.wake();
    });
    const off = ctx.bus?.on('live', (e) => e.pid === actor.pid && sleeping.wake());
    let quietSince = Date.now();
    try {
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ lastEventId: last }), retry: 1000 });
      while (open) {
        const rows = await liveEventsAfter(ctx, actor.pid, last);
        for (const r of rows) await stream.writeSSE({ id: String(r.id), event: r.type, data: JSON.stringify(r.data) });
        if (rows.length) {
          last = rows.at(-1)!.id;
          quietSince = Date.now();
        } else if (Date.now() - quietSince >= HEARTBEAT_MS) {
          await stream.write(': ping\n\n');
          quietSince = Date.now();
        }
        if (rows.length === LIVE_EVENTS_BATCH) continue;
        sleeping = pause(POLL_MS);
        await sleeping.done;
      }
    } finally {
      off?.();
    }
  });
  // no-transform: the compression middleware must not buffer a stream that never ends.
  res.headers.set('cache-control', 'no-cache, no-transform');
  res.headers.set('x-accel-buffering', 'no');
  return res;
});
