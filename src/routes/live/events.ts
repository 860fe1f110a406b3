import { streamSSE } from 'hono/streaming';
import { liveSignedIn } from '../../middleware/live-session';
import { liveEventStream, liveEventsQuery, liveLastEventHeader } from '../../shared/schemas/live';
import { liveStream } from '../../services/inbox/stream';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, ERRORS, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const events = endpoint(
  'get',
  '/events',
  CONSOLE_TAGS.live,
  "The inbox's server-sent events (message, ack, conversation, note), each with an id line; resumable with Last-Event-ID",
  { query: liveEventsQuery, headers: liveLastEventHeader },
  {
    200: {
      description: 'An event stream',
      content: {
        'text/event-stream': {
          schema: liveEventStream,
        },
      },
    },
    ...ERRORS,
  } as const,
  { security: LIVE_SECURITY, middleware: [liveSignedIn] },
);

/**
 * `GET /api/live/events`: the account's inbox stream (services/inbox/stream.ts) over server-sent
 * events, resumed after the Last-Event-ID header or the lastEventId query.
 */
export const liveEventRoutes = routes().openapi(events, async (c) => {
  const actor = await liveActor(c);
  const header = Number(c.req.valid('header')['last-event-id']);
  const resume = Number.isSafeInteger(header) && header >= 0 ? header : c.req.valid('query').lastEventId;
  const run = await liveStream(c.get('ctx'), actor.pid, resume, { key: actor.key, email: actor.email });
  const res = streamSSE(c, async (stream) => {
    const left = new AbortController();
    stream.onAbort(() => left.abort());
    await run({ event: (e) => stream.writeSSE(e), ping: () => stream.write(': ping\n\n').then(() => {}) }, left.signal);
  });
  // no-transform: the compression middleware must not buffer a stream that never ends.
  res.headers.set('cache-control', 'no-cache, no-transform');
  res.headers.set('x-accel-buffering', 'no');
  return res;
});
