import { liveSignedIn } from '../../middleware/live-session';
import { payload } from '../../middleware/payload';
import { seatsChanged } from '../../services/inbox/auto-assign';
import { getLiveSettings, saveLiveSettings } from '../../services/inbox/settings';
import { liveSettingsAnswer, liveSettingsBody } from '../../shared/schemas/live/settings';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const T = CONSOLE_TAGS.live;

const read = endpoint(
  'get',
  '/settings',
  T,
  'The inbox settings: round robin, its capacity per agent, CSAT, the away message and business hours',
  {},
  ok(liveSettingsAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn] },
);
const save = endpoint(
  'post',
  '/settings',
  T,
  'Change the inbox settings (the account owner only; the fields left out keep their value)',
  {
    body: body(liveSettingsBody, {
      roundRobin: { auto_assign: 'round_robin', max_open_per_agent: 5 },
      hours: {
        away_message: 'We are closed now; we answer from 9:00.',
        business_hours: { timezone: 'Europe/Istanbul', days: { mon: [{ from: '09:00', to: '17:30' }] } },
      },
    }),
  },
  ok(liveSettingsAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn, payload()] },
);

/** `/api/live/settings`: the owner's inbox settings; agents read them (issue 42). */
export const liveSettingsRoutes = routes()
  .openapi(read, async (c) => {
    const actor = await liveActor(c);
    return c.json({ success: true, data: await getLiveSettings(c.get('ctx'), actor.pid) }, 200);
  })
  .openapi(save, async (c) => {
    const ctx = c.get('ctx');
    const actor = await liveActor(c);
    const { auto_assign, max_open_per_agent, csat, away_message, business_hours } = c.req.valid('json');
    const data = await saveLiveSettings(ctx, actor, {
      auto_assign,
      max_open_per_agent,
      csat,
      away_message,
      business_hours,
    });
    // Round robin turned on or a larger capacity opens seats for the waiting conversations.
    await seatsChanged(ctx, actor.pid);
    return c.json({ success: true, data }, 200);
  });
