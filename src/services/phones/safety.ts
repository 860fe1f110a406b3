import { and, count, eq, min, sql } from 'drizzle-orm';
import { chats, phoneStatusLog, type PhoneRow } from '../../../db/schema';
import { answeringChats, outgoingStats } from '../messages/stats';
import { RISK_LABELS } from '../../shared/risk';
import type { ServiceCtx } from '../context';
import { WARNING_AT } from '../protection/events';
import { getProtection } from '../protection/settings';

const DAY = 86_400_000;

function iso(ms: number | null | undefined): string | null {
  return ms ? new Date(ms).toISOString() : null;
}

/** Phone safety data (2-phones §3): how the number has been used, for the detail page and the block-risk score. */
export async function phoneSafety(ctx: ServiceCtx, phone: PhoneRow, profilePhoto: string | null) {
  const db = ctx.db;
  const [groupChats, userChats, firstChat, booked, out] = await Promise.all([
    db
      .select({ n: count() })
      .from(chats)
      .where(and(eq(chats.phoneId, phone.id), eq(chats.type, 'group')))
      .get(),
    db
      .select({ n: count() })
      .from(chats)
      .where(and(eq(chats.phoneId, phone.id), eq(chats.type, 'chat')))
      .get(),
    db
      .select({ t: min(chats.lastAt) })
      .from(chats)
      .where(eq(chats.phoneId, phone.id))
      .get(),
    db
      .select({ n: count() })
      .from(chats)
      .where(and(eq(chats.phoneId, phone.id), eq(chats.type, 'chat'), sql`${chats.name} != ''`))
      .get(),
    outgoingStats(db, phone.id),
  ]);
  return {
    groups_on_chats: groupChats?.n ?? 0,
    users_on_chats: userChats?.n ?? 0,
    user_messages_to_user_count: out.toUsers,
    user_messages_to_unique_user_count: out.toUniqueUsers,
    user_messages_to_group_count: out.toGroups,
    first_group_message: iso(out.firstToGroup),
    first_chat: iso(firstChat?.t || null),
    first_message: iso(out.first),
    first_user_message: iso(out.firstToUser),
    contact_permission: true,
    has_profile_picture: Boolean(profilePhoto),
    booked_contacts_count: booked?.n ?? 0,
    profile_photo: profilePhoto,
    isBusiness: false,
  };
}

/**
 * A block-risk estimate: young numbers, numbers that write to many strangers (few saved contacts)
 * and numbers whose messages get no answers are what WhatsApp blocks. Each factor is 1 (bad) to 3 (good).
 */
export async function blockRisk(ctx: ServiceCtx, phone: PhoneRow, safety: Awaited<ReturnType<typeof phoneSafety>>) {
  const firstActive = await ctx.db
    .select({ t: min(phoneStatusLog.at) })
    .from(phoneStatusLog)
    .where(and(eq(phoneStatusLog.phoneId, phone.id), eq(phoneStatusLog.status, 'active')))
    .get();
  const lifeDays = firstActive?.t ? Math.floor((ctx.now() - firstActive.t) / DAY) : 0;
  const answered = await answeringChats(ctx.db, phone.id);
  const reached = safety.user_messages_to_unique_user_count;
  const responseRate = reached ? answered / reached : 1;
  const contactRate = reached ? safety.booked_contacts_count / reached : 1;
  const score = (v: number, low: number, high: number) => (v < low ? 1 : v < high ? 2 : 3);
  const life = score(lifeDays, 7, 30);
  const contacts = score(contactRate, 0.3, 0.7);
  const response = score(responseRate, 0.2, 0.5);
  // Ban protection's budgets: a budget near or at its limit is a risk of its own.
  const p = await getProtection(ctx, phone);
  const share = Math.max(
    p.budgets.new_chats.used / Math.max(1, p.budgets.new_chats.limit),
    p.budgets.unanswered.used / Math.max(1, p.budgets.unanswered.limit),
  );
  const budgets = share >= 1 ? 1 : share >= WARNING_AT ? 2 : 3;
  const riskFactor = Math.min(life, contacts, response, p.enabled ? budgets : 3) as 1 | 2 | 3;
  return {
    riskFactor,
    label: RISK_LABELS[riskFactor],
    life_time: lifeDays,
    riskFactorLifeTime: life,
    riskFactorContacts: contacts,
    riskFactorResponse: response,
    ...(p.enabled ? { riskFactorBudgets: budgets as 1 | 2 | 3 } : {}),
    protection: { enabled: p.enabled, new_chats: p.budgets.new_chats, unanswered: p.budgets.unanswered },
  };
}
