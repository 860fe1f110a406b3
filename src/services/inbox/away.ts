import { and, eq, isNull, sql } from 'drizzle-orm';
import { liveConversations, liveThreads, type PhoneRow } from '../../../db/schema';
import { WEEK_DAYS, type BusinessHours } from '../../shared/schemas/live/settings';
import type { ServiceCtx } from '../context';
import { autoReply } from './auto-reply';
import { getLiveSettings } from './settings';

/** Whether the team answers at `at` (ms): always without business hours; else within a range of that local day. */
export function withinHours(hours: BusinessHours | null, at: number): boolean {
  if (!hours) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEK_DAYS.find((d) => d === part('weekday').slice(0, 3).toLowerCase());
  const time = `${part('hour')}:${part('minute')}`;
  return Boolean(day && (hours.days[day] ?? []).some((r) => r.from <= time && time < r.to));
}

/**
 * Outside business hours, the away message answers a conversation that started waiting, once per
 * thread (the thread records when it went), from the conversation's phone through the send queue.
 */
export async function awayReply(ctx: ServiceCtx, phone: PhoneRow, jid: string): Promise<void> {
  const settings = await getLiveSettings(ctx, phone.pid);
  if (!settings.away_message || withinHours(settings.business_hours, ctx.now())) return;
  const lc = liveConversations;
  const t = liveThreads;
  const [claimed] = await ctx.db
    .update(t)
    .set({ awaySentAt: ctx.now() })
    .where(
      and(
        eq(t.id, sql`(select ${lc.threadId} from ${lc} where ${lc.phoneId} = ${phone.id} and ${lc.chatJid} = ${jid})`),
        isNull(t.awaySentAt),
      ),
    )
    .returning({ id: t.id })
    .all();
  if (claimed) await autoReply(ctx, phone, jid, settings.away_message);
}
