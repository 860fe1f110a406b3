import { seatsChanged } from './auto-assign';
import { and, eq, lte, or, sql } from 'drizzle-orm';
import { chats, liveContacts, liveConversations, phones, type LiveConversationRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { INBOX_ORG_MSG } from '../../shared/inbox-org-messages';
import { LIVE_MSG } from '../../shared/live-messages';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { contactOfChat, named, resolveConversation, sharedView, type Resolved } from './conversations';
import { recordLiveEvent } from './events';
import { labelsOfOne } from './label-rows';
import { organised } from './org-events';

const lc = liveConversations;
const keyOf = (r: Resolved) => and(eq(lc.phoneId, r.chat.phoneId), eq(lc.chatJid, r.chat.jid));

/** The longest snooze. */
const SNOOZE_MAX_MS = 90 * 24 * 60 * 60 * 1000;
/** Snoozed conversations one pass wakes at most (the job comes back at once for more). */
const WAKE_BATCH = 100;

/** `until` (ISO time or epoch ms) as epoch ms, in the future and at most 90 days away; 422 otherwise. */
function snoozeEnd(ctx: ServiceCtx, until: string | number): number {
  const at = typeof until === 'number' ? until : Date.parse(until);
  if (!Number.isSafeInteger(at)) throw new ApiError('VALIDATION', INBOX_ORG_MSG.snoozeTime);
  if (at <= ctx.now()) throw new ApiError('VALIDATION', INBOX_ORG_MSG.snoozePast);
  if (at > ctx.now() + SNOOZE_MAX_MS) throw new ApiError('VALIDATION', INBOX_ORG_MSG.snoozeTooLong);
  return at;
}

/** 409: taken by someone else, or not open. */
async function refused(ctx: ServiceCtx, r: Resolved, actor: LiveActor): Promise<ApiError> {
  const now = await ctx.db.select().from(lc).where(keyOf(r)).get();
  if ((now?.state === 'taken' || now?.state === 'snoozed') && now.holder && now.holder !== actor.key)
    return new ApiError('CONFLICT', LIVE_MSG.takenBy(now.holderEmail), { agent: now.holderEmail });
  return new ApiError('CONFLICT', now ? LIVE_MSG.notOpen : INBOX_ORG_MSG.notOrganisable);
}

/**
 * Snoozes a waiting conversation, or a taken one its holder (or the owner) snoozes, until `until`.
 * It keeps its holder: when it wakes (at `until`, or when the customer writes) it is taken by that
 * holder again, or waiting when it had none.
 */
export async function snoozeConversation(ctx: ServiceCtx, actor: LiveActor, id: string, until: string | number) {
  const conv = await resolveConversation(ctx, actor, id);
  const at = snoozeEnd(ctx, until);
  const mayHandle = actor.owner ? sql`1` : eq(lc.holder, actor.key);
  const [live] = await ctx.db
    .update(lc)
    .set({ state: 'snoozed', snoozedUntil: at, updatedAt: ctx.now() })
    .where(
      and(
        keyOf(conv),
        or(
          eq(lc.state, 'waiting'),
          and(eq(lc.state, 'taken'), mayHandle),
          // Snoozed again (a new time): by whoever could snooze it as it was.
          and(eq(lc.state, 'snoozed'), or(eq(lc.holder, ''), mayHandle)),
        ),
      ),
    )
    .returning()
    .all();
  if (!live) throw await refused(ctx, conv, actor);
  return organised(ctx, actor, conv, live, 'snoozed', { until: at });
}

/** Sets how urgent a conversation is (any agent of the account). */
export async function setPriority(
  ctx: ServiceCtx,
  actor: LiveActor,
  id: string,
  priority: LiveConversationRow['priority'],
) {
  const conv = await resolveConversation(ctx, actor, id);
  const [live] = await ctx.db.update(lc).set({ priority, updatedAt: ctx.now() }).where(keyOf(conv)).returning().all();
  if (!live) throw await refused(ctx, conv, actor);
  return organised(ctx, actor, conv, live, 'priority');
}

/** Marks a conversation unread (at least one unread message) for the whole team. */
export async function markUnread(ctx: ServiceCtx, actor: LiveActor, id: string) {
  const conv = await resolveConversation(ctx, actor, id);
  const [live] = await ctx.db
    .update(lc)
    .set({ unread: sql`max(${lc.unread}, 1)`, updatedAt: ctx.now() })
    .where(keyOf(conv))
    .returning()
    .all();
  if (!live) throw await refused(ctx, conv, actor);
  return organised(ctx, actor, conv, live, 'unread');
}

const due = (ctx: ServiceCtx, pid?: string) =>
  and(eq(lc.state, 'snoozed'), lte(lc.snoozedUntil, ctx.now()), pid === undefined ? undefined : eq(lc.pid, pid));

/**
 * Wakes the snoozed conversations whose time has come (of one account, or all): taken by their
 * holder again, or waiting; each one's 'unsnoozed' event follows. One statement claims them, so two
 * processes never wake the same one twice. Answers how many woke.
 */
async function wakeSnoozed(ctx: ServiceCtx, pid?: string): Promise<number> {
  const batch = ctx.db
    .select({ rowid: sql`rowid` })
    .from(lc)
    .where(due(ctx, pid))
    .limit(WAKE_BATCH);
  const woken = await ctx.db
    .update(lc)
    .set({
      state: sql`case when ${lc.holder} <> '' then 'taken' else 'waiting' end`,
      snoozedUntil: null,
      updatedAt: ctx.now(),
    })
    .where(and(sql`rowid in ${batch}`, due(ctx, pid)))
    .returning()
    .all();
  for (const live of woken) {
    const row = await ctx.db
      .select({ chat: chats, phone: phones, saved: liveContacts.name })
      .from(chats)
      .innerJoin(phones, eq(phones.id, chats.phoneId))
      .leftJoin(liveContacts, contactOfChat)
      .where(and(eq(chats.phoneId, live.phoneId), eq(chats.jid, live.chatJid)))
      .get();
    if (!row) continue;
    const labels = await labelsOfOne(ctx, live.pid, live.phoneId, live.chatJid);
    await recordLiveEvent(ctx, live.pid, 'conversation', {
      event: 'unsnoozed',
      conversation: sharedView(named(row.chat, row.saved), live, row.phone, labels),
    });
  }
  // A conversation that wakes waiting may go to an agent with room (round robin).
  for (const owner of new Set(woken.map((w) => w.pid))) await seatsChanged(ctx, owner);
  return woken.length;
}

/**
 * Wakes the due conversations (of one account, or all) when any are due: a read first, so the
 * job's pass and the list's fallback (the Worker runs no jobs) write nothing while none is due.
 */
export async function wakeIfDue(ctx: ServiceCtx, pid?: string): Promise<number> {
  const any = await ctx.db
    .select({ n: sql`1` })
    .from(lc)
    .where(due(ctx, pid))
    .limit(1)
    .get();
  return any ? wakeSnoozed(ctx, pid) : 0;
}
