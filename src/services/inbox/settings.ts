import { eq } from 'drizzle-orm';
import { liveSettings } from '../../../db/schema';
import { ApiError } from '../../errors';
import { LIVE_AUTO_MSG } from '../../shared/live-auto-messages';
import type { BusinessHours, LiveSettings } from '../../shared/schemas/live/settings';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { recordLiveEvent } from './events';

/** An account without a settings row: no round robin, 10 open per agent, no CSAT, no away message, always open. */
const DEFAULTS: LiveSettings = {
  auto_assign: 'off',
  max_open_per_agent: 10,
  csat: false,
  away_message: '',
  business_hours: null,
};

/** The account's inbox settings (the defaults when the owner never saved any). */
export async function getLiveSettings(ctx: ServiceCtx, pid: string): Promise<LiveSettings> {
  const row = await ctx.db.select().from(liveSettings).where(eq(liveSettings.pid, pid)).get();
  if (!row) return { ...DEFAULTS };
  return {
    auto_assign: row.autoAssign,
    max_open_per_agent: row.maxOpenPerAgent,
    csat: row.csat,
    away_message: row.awayMessage,
    business_hours: (row.businessHours as BusinessHours | null) ?? null,
  };
}

/** Whether `tz` is a time zone this runtime knows (Node and Workers both carry the IANA database). */
function knownTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The owner changes the settings (the fields given; the others stay); agents get 403. Every inbox of
 * the account hears it (a `settings` event). Answers the settings as saved.
 */
export async function saveLiveSettings(
  ctx: ServiceCtx,
  actor: LiveActor,
  change: Partial<LiveSettings>,
): Promise<LiveSettings> {
  if (!actor.owner) throw new ApiError('FORBIDDEN', LIVE_AUTO_MSG.ownerOnly);
  const tz = change.business_hours?.timezone;
  if (tz !== undefined && !knownTimezone(tz)) throw new ApiError('BAD_REQUEST', LIVE_AUTO_MSG.badTimezone(tz));
  const next: LiveSettings = { ...(await getLiveSettings(ctx, actor.pid)) };
  for (const key of Object.keys(DEFAULTS) as (keyof LiveSettings)[])
    if (change[key] !== undefined) (next as Record<string, unknown>)[key] = change[key];
  const values = {
    autoAssign: next.auto_assign,
    maxOpenPerAgent: next.max_open_per_agent,
    csat: next.csat,
    awayMessage: next.away_message,
    businessHours: next.business_hours,
    updatedAt: ctx.now(),
  };
  await ctx.db
    .insert(liveSettings)
    .values({ pid: actor.pid, ...values })
    .onConflictDoUpdate({ target: liveSettings.pid, set: values });
  await recordLiveEvent(ctx, actor.pid, 'settings', { by: actor.email, settings: next });
  return next;
}
