import { liveSignedIn } from '../../middleware/live-session';
import { liveReports } from '../../services/inbox/reports';
import { liveReportsAnswer, liveReportsQuery } from '../../shared/schemas/live/reports';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const reports = endpoint(
  'get',
  '/reports',
  CONSOLE_TAGS.live,
  "The team's reports (owner only): conversations, first response, resolution and CSAT, per agent and per day",
  { query: liveReportsQuery },
  ok(liveReportsAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn] },
);

/** `GET /api/live/reports`: the team's reports over a range of days. */
export const liveReportRoutes = routes().openapi(reports, async (c) =>
  c.json({ success: true, data: await liveReports(c.get('ctx'), await liveActor(c), c.req.valid('query')) }, 200),
);
