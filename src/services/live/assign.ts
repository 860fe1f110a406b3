import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { liveConversations, type LiveConversationRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { AGENT_MSG } from '../../shared/agent-messages';
import { LIVE_MSG } from '../../shared/live-messages';
import { ownAgent } from '../agents/agents';
import { agentHasSeat } from '../agents/seats';
import { getProduct } from '../products/products';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { conversationView, resolveConversation, sharedView, type Resolved } from './conversations';
import { recordLiveEvent } from './events';
import { emitLiveWebhook, type LiveChange } from './webhook';

const lc = liveConversations;
const keyOf = (r: Resolved) => and(eq(lc.phoneId, r.chat.phoneId), eq(lc.chatJid, r.chat.jid));

/** 409 naming who holds the conversation, or `otherwise` when nobody does. */
function conflict(live: LiveConversationRow | null, otherwise: string): ApiError {
  if (live?.state === 'taken') return new ApiError('CONFLICT', LIVE_MSG.takenBy(live.holderEmail), { agent: live.holderEmail });
  return new ApiError('CONFLICT', otherwise);
}

async function changed(ctx: ServiceCtx, actor: LiveActor, r: Resolved, live: LiveConversationRow, event: LiveChange, extra: Record<string, unknown> = {}) {
  await recordLiveEvent(ctx, actor.pid, 'conversation', { event, by: actor.email, ...extra, conversation: sharedView(r.chat, live) });
  await emitLiveWebhook(ctx, r.phone, r.chat.jid, event, actor.email, extra);
  return conversationView(actor, r.chat, live);
}

/** The actor may act on a taken conversation: its holder, or the account owner. */
const mayHandle = (actor: LiveActor): SQL => (actor.owner ? sql`1` : eq(lc.holder, actor.key));

/**
 * Takes a conversation in one conditional upsert: it succeeds only while nobody else holds it, so
 * of two agents taking at once exactly one wins and the other gets 409 naming the winner.
 */
export async function takeConversation(ctx: ServiceCtx, actor: LiveActor, id: string, r?: Resolved) {
  const conv = r ?? (await resolveConversation(ctx, actor, id));
  const now = ctx.now();
  const [live] = await ctx.db
    .insert(lc)
    .values({ phoneId: conv.chat.phoneId, chatJid: conv.chat.jid, pid: actor.pid, state: 'taken', holder: actor.key, holderEmail: actor.email, takenAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [lc.phoneId, lc.chatJid],
      set: { state: 'taken', holder: actor.key, holderEmail: actor.email, takenAt: sql`case when ${lc.state} = 'taken' then ${lc.takenAt} else ${now} end`, closedAt: null, updatedAt: now },
      setWhere: or(ne(lc.state, 'taken'), eq(lc.holder, actor.key)),
    })
    .returning()
    .all();
  if (!live) throw conflict(await current(ctx, conv), LIVE_MSG.notOpen);
  if (conv.live?.state === 'taken' && conv.live.holder === actor.key) return conversationView(actor, conv.chat, live);
  return changed(ctx, actor, conv, live, 'taken_by_agent');
}

/** Hands a conversation the actor holds (or any, for the owner) to another agent with a chat seat. */
export async function transferConversation(ctx: ServiceCtx, actor: LiveActor, id: string, agentId: number) {
  const conv = await resolveConversation(ctx, actor, id);
  const target = await ownAgent(ctx, actor.pid, agentId);
  if (!target.verified) throw new ApiError('CONFLICT', LIVE_MSG.agentUnverified);
  const product = await getProduct(ctx, actor.pid);
  if (!product || !(await agentHasSeat(ctx, target, product))) throw new ApiError('FORBIDDEN', AGENT_MSG.overLimit);
  const now = ctx.now();
  const [live] = await ctx.db
    .update(lc)
    .set({ holder: `a:${target.id}`, holderEmail: target.email, takenAt: now, updatedAt: now })
    .where(and(keyOf(conv), eq(lc.state, 'taken'), mayHandle(actor)))
    .returning()
    .all();
  if (!live) throw conflict(await current(ctx, conv), LIVE_MSG.takeFirst);
  return changed(ctx, actor, conv, live, 'transferred', { to: target.email });
}

/** Closes a waiting conversation, or a taken one its holder (or the owner) closes. */
export async function closeConversation(ctx: ServiceCtx, actor: LiveActor, id: string) {
  const conv = await resolveConversation(ctx, actor, id);
  const now = ctx.now();
  const [live] = await ctx.db
    .update(lc)
    .set({ state: 'closed', closedAt: now, unread: 0, updatedAt: now, holderEmail: sql`case when ${lc.state} = 'taken' then ${lc.holderEmail} else ${actor.email} end` })
    .where(and(keyOf(conv), or(eq(lc.state, 'waiting'), and(eq(lc.state, 'taken'), mayHandle(actor)))))
    .returning()
    .all();
  if (!live) throw conflict(await current(ctx, conv), LIVE_MSG.notOpen);
  return changed(ctx, actor, conv, live, 'closed');
}

/** Puts a closed conversation back in the waiting group. */
export async function reopenConversation(ctx: ServiceCtx, actor: LiveActor, id: string) {
  const conv = await resolveConversation(ctx, actor, id);
  const [live] = await ctx.db
    .update(lc)
    .set({ state: 'waiting', holder: '', holderEmail: '', takenAt: null, closedAt: null, updatedAt: ctx.now() })
    .where(and(keyOf(conv), eq(lc.state, 'closed')))
    .returning()
    .all();
  if (!live) throw conflict(await current(ctx, conv), LIVE_MSG.notClosed);
  return changed(ctx, actor, conv, live, 'reopened');
}

async function current(ctx: ServiceCtx, r: Resolved): Promise<LiveConversationRow | null> {
  return (await ctx.db.select().from(lc).where(keyOf(r)).get()) ?? null;
}
