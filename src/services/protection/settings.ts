import { eq, sql } from 'drizzle-orm';
import { phoneProtection, phones, type PhoneRow } from '../../../db/schema';
import { phoneChanged } from '../cache';
import { ApiError } from '../../errors';
import { PROTECTION_DEFAULTS, type Protection } from '../../shared/schemas/messaging/protection';
import type { ServiceCtx } from '../context';
import { checkProtection } from './events';
import { budgetFiguresQuery, heldCount, protectionNowOf } from '../messages/protection-budget';

const CLOUD_REASON =
  'Official WhatsApp Cloud API numbers are not banned for new chats this way: Meta applies its own messaging limits, so protection is off.';

export interface ProtectionPatch {
  enabled?: boolean;
  ramp_start?: number;
  ramp_step?: number;
  ramp_max?: number;
  unanswered_limit?: number;
  on_limit?: 'hold' | 'refuse';
}

/** A phone's protection settings and its budgets' figures now. No row: off, with the defaults. */
export async function getProtection(ctx: ServiceCtx, phone: PhoneRow): Promise<Protection> {
  const row = await ctx.db.select().from(phoneProtection).where(eq(phoneProtection.phoneId, phone.id)).get();
  const now = protectionNowOf(ctx);
  const settings = row
    ? {
        ramp_start: row.rampStart,
        ramp_step: row.rampStep,
        ramp_max: row.rampMax,
        unanswered_limit: row.unansweredLimit,
        on_limit: row.onLimit,
      }
    : { ...PROTECTION_DEFAULTS };
  const enabled = Boolean(row?.enabled) && phone.engine !== 'cloud';
  const figures = row ? await budgetFiguresQuery(ctx.db, phone.id, now) : undefined;
  return {
    enabled,
    ...(phone.engine === 'cloud' ? { reason: CLOUD_REASON } : {}),
    ...settings,
    budgets: {
      new_chats: { used: figures?.new_today ?? 0, limit: figures?.day_limit ?? settings.ramp_max },
      unanswered: { used: figures?.unanswered ?? 0, limit: settings.unanswered_limit },
    },
    held: enabled ? await heldCount(ctx.db, phone.id, now) : 0,
  };
}

/** Changes a phone's protection settings (what the patch leaves out stays); Cloud API numbers cannot turn it on. */
export async function setProtection(ctx: ServiceCtx, phone: PhoneRow, patch: ProtectionPatch): Promise<Protection> {
  if (phone.engine === 'cloud' && patch.enabled) throw new ApiError('VALIDATION', CLOUD_REASON);
  const current = await getProtection(ctx, phone);
  const next = {
    rampStart: patch.ramp_start ?? current.ramp_start,
    rampStep: patch.ramp_step ?? current.ramp_step,
    rampMax: patch.ramp_max ?? current.ramp_max,
    unansweredLimit: patch.unanswered_limit ?? current.unanswered_limit,
    onLimit: patch.on_limit ?? current.on_limit,
  };
  if (next.rampStart > next.rampMax) throw new ApiError('VALIDATION', 'ramp_start cannot exceed ramp_max.');
  const enabled = patch.enabled ?? current.enabled;
  await ctx.db
    .insert(phoneProtection)
    .values({ phoneId: phone.id, enabled, ...next, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: phoneProtection.phoneId, set: { enabled, ...next, updatedAt: ctx.now() } });
  // sendMessage reads the refuse mode from the (cached) phone row: only those phones check at accept.
  const refuse = enabled && next.onLimit === 'refuse';
  await ctx.db
    .update(phones)
    .set({
      data: refuse
        ? sql`json_set(${phones.data}, '$.protectionRefuse', json('true'))`
        : sql`json_remove(${phones.data}, '$.protectionRefuse')`,
    })
    .where(eq(phones.id, phone.id));
  phoneChanged(ctx, phone);
  // New limits move the budgets' states now: a raised budget sends its `cleared` (hold or refuse mode
  // alike), a lowered one its warning / reached, exactly once as the runner's checks do.
  if (enabled) await checkProtection(ctx, phone);
  return getProtection(ctx, phone);
}
