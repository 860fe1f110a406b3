import { ApiError } from '../../errors';
import { databaseUp } from '../../services/health';
import { metrics } from '../../services/metrics/registry';
import { validNudge } from '../../services/runners/nudge';
import { payload } from '../../middleware/payload';
import { readyDown, readyUp, nudgeAnswer, nudgeBody, nudgeHeaders } from '../../shared/schemas/ops';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ERRORS, ok, routes } from '../kit/declare';

/** What the runner's HTTP face needs of the runner. */
export interface RunnerFace {
  /** The last lease renewal is recent enough that no other runner can have taken the phones. */
  readonly leasesCurrent: boolean;
  /** Takes a nudge: kicks a hosted phone's send loop; false when this runner does not host it. */
  nudge(phoneId: number): boolean;
}

const ready = endpoint(
  'get',
  '/readyz',
  CONSOLE_TAGS.server,
  "Runner readiness: 200 while the database answers and the runner's leases are current",
  {},
  {
    200: { description: 'Ready', content: { 'application/json': { schema: readyUp } } },
    400: ERRORS[400],
    503: {
      description: 'The database does not answer or the leases could not be renewed in time',
      content: { 'application/json': { schema: readyDown } },
    },
  },
);

// The path and the header keep the word wake: they are the runners' HTTP contract.
const nudge = endpoint(
  'post',
  '/wake',
  CONSOLE_TAGS.server,
  "A signed nudge from the API: a phone's send queue has new messages",
  { headers: nudgeHeaders, body: body(nudgeBody) },
  ok(nudgeAnswer),
  { middleware: [payload(1_024)] as const },
);

/** The runner process's own endpoints besides /healthz and /metrics. */
export function runnerOpsRoutes(runner: RunnerFace) {
  return routes()
    .openapi(ready, async (c) => {
      const db = await databaseUp(c.get('ctx'));
      const leases = runner.leasesCurrent;
      if (db && leases) return c.json({ ok: true as const, db: 'up' as const, leases: 'current' as const }, 200);
      const message = db ? 'The leases could not be renewed in time.' : 'The database cannot be reached.';
      return c.json(
        {
          ok: false as const,
          db: db ? ('up' as const) : ('down' as const),
          leases: leases ? ('current' as const) : ('stale' as const),
          error: { code: 'UNAVAILABLE', message, requestId: c.get('requestId') },
        },
        503,
      );
    })
    .openapi(nudge, async (c) => {
      const { phone_id: phoneId, at } = c.req.valid('json');
      if (!(await validNudge(c.get('ctx'), phoneId, at, c.req.valid('header')['x-wapi-wake-signature']))) {
        metrics.nudges.inc({ direction: 'received', outcome: 'refused' });
        throw new ApiError(
          'UNAUTHORIZED',
          "The wake-up nudge is not signed with this server's WAKE_SECRET, or too old.",
        );
      }
      const hosted = runner.nudge(phoneId);
      metrics.nudges.inc({ direction: 'received', outcome: hosted ? 'ok' : 'not-hosted' });
      return c.json({ ok: true as const, hosted }, 200);
    });
}
