import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { liveSignedIn } from '../../middleware/live-session';
import { LIVE_EVENTS_BATCH, latestLiveEventId, liveEventsAfter } from '../../services/live/events';
import type { LiveRow } from '../../services/cache';
import { liveFeed } from '../../services/live/feed';
import { CONSOLE_TAGS } from '../console-declare';
import { endpoint, ERRORS, routes } from '../declare';
import { LIVE_SECURITY, liveActor } from './actor';

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

/** Resolves false after `ms`, or true sooner when `wake` is called. */
function pause(ms: number): { done: Promise<boolean>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
  });
  return { done, wake };
}

/** Past this many rows waiting for a slow client, it reads its backlog from the log instead. */
const QUEUE_MAX = 1_000;

/**
 * `GET /api/live/events`: replays the account's durable event log after the last id the client saw,
 * then follows it through this process's shared feed of the account (services/live/feed.ts).
 */
export const liveEventRoutes = routes().openapi(events, async (c) => {
  const actor = await liveActor(c);
  const ctx = c.get('ctx');
  const header = Number(c.req.valid('header')['last-event-id']);
  const resume = Number.isSafeInteger(header) && header >= 0 ? header : c.req.valid('query').lastEventId;
  let last = resume ?? (await latestLiveEventId(ctx, actor.pid));
  const res = streamSSE(c, async (stream) => {
    let open = true;
    let sleeping = pause(0);
    let queue: LiveRow[] = [];
    let behind = true;
    stream.onAbort(() => {
      open = false;
      sleeping.wake();
    });
    const feed = liveFeed(ctx, actor.pid);
    // Subscribed before reading the backlog, so nothing recorded meanwhile falls between the two.
    const off = feed.subscribe({
      push(rows) {
        if (queue.length + rows.length > QUEUE_MAX) {
          queue = [];
          behind = true;
        } else queue.push(...rows);
        sleeping.wake();
      },
    });
    const write = async (rows: readonly LiveRow[]) => {
      for (const r of rows) {
        if (r.id <= last) continue;
        await stream.writeSSE({ id: String(r.id), event: r.type, data: JSON.stringify(r.data) });
        last = r.id;
      }
    };
    try {
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ lastEventId: last }), retry: 1000 });
      while (open) {
        if (behind) {
          behind = false;
          let rows: LiveRow[];
          do await write((rows = await liveEventsAfter(ctx, actor.pid, last)));
          while (rows.length === LIVE_EVENTS_BATCH && open);
          feed.begin(last);
        }
        if (queue.length) {
          const rows = queue;
          queue = [];
          await write(rows);
          continue;
        }
        // Nothing waiting: sleep until the feed hands rows over, with a comment line when quiet.
        sleeping = pause(HEARTBEAT_MS);
        if (!(await sleeping.done) && open) await stream.write(': ping\n\n');
      }
    } finally {
      off();
    }
  });
  // no-transform: the compression middleware must not buffer a stream that never ends.
  res.headers.set('cache-control', 'no-cache, no-transform');
  res.headers.set('x-accel-buffering', 'no');
  return res;
});
