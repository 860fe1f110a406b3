import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { liveConversations, type LiveConversationRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { AGENT_MSG } from '../../shared/agent-messages';
import { LIVE_MSG } from '../../shared/live-messages';
import { ownAgent } from '../agents/agents';
import { holdsSeat } from '../../shared/agent-seats';
import { agentHasSeat, agentLimit, agentsByAge } from '../agents/seats';
import { getUser } from '../auth/users';
import { getProduct } from '../products/products';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { conversationView, resolveConversation, sharedView, type Resolved } from './conversations';
import { recordLiveEvent } from './events';
import { openThread, threadTouched } from './threads';
import { emitLiveWebhook, type LiveChange } from './webhook';

const lc = liveConversations;
const keyOf = (r: Resolved) => and(eq(lc.phoneId, r.chat.phoneId), eq(lc.chatJid, r.chat.jid));

/** 409 naming who holds the conversation, or `otherwise` when nobody does. */
function conflict(live: LiveConversationRow | null, otherwise: string): ApiError {
  if (live?.state === 'taken')
    return new ApiError('CONFLICT', LIVE_MSG.takenBy(live.holderEmail), { agent: live.holderEmail });
  return new ApiError('CONFLICT', otherwise);
}

async function changed(
  ctx: ServiceCtx,
  actor: LiveActor,
  r: Resolved,
  live: LiveConversationRow,
  event: LiveChange,
  extra: Record<string, unknown> = {},
) {
  await recordLiveEvent(ctx, actor.pid, 'conversation', {
    event,
    by: actor.email,
    ...extra,
    conversation: sharedView(r.chat, live, r.phone, r.labels),
  });
  await emitLiveWebhook(ctx, r.phone, r.chat.jid, event, actor.email, extra);
  return conversationView(actor, r.chat, live, r.phone, r.labels);
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
    .values({
      phoneId: conv.chat.phoneId,
      chatJid: conv.chat.jid,
      pid: actor.pid,
      state: 'taken',
      holder: actor.key,
      holderEmail: actor.email,
      takenAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lc.phoneId, lc.chatJid],
      set: {
        state: 'taken',
        holder: actor.key,
        holderEmail: actor.email,
        takenAt: sql`case when ${lc.state} = 'taken' then ${lc.takenAt} else ${now} end`,
        closedAt: null,
        updatedAt: now,
      },
      setWhere: or(ne(lc.state, 'taken'), eq(lc.holder, actor.key)),
    })
    .returning()
    .all();
  if (!live) throw conflict(await current(ctx, conv), LIVE_MSG.notOpen);
  if (conv.live?.state === 'taken' && conv.live.holder === actor.key)
    return conversationView(actor, conv.chat, live, conv.phone, conv.labels);
  await threadTouched(ctx, actor.pid, live, { holder: actor.key });
  return changed(ctx, actor, conv, live, 'taken_by_agent');
}

/** Whom a conversation goes to: an agent of the account (by id), or the account owner. */
export type TransferTo = { agentId: number } | { owner: true };

/** The holder key and e-mail of a transfer's target; an agent must have confirmed their e-mail and hold a chat seat. */
export async function transferTarget(
  ctx: ServiceCtx,
  pid: string,
  to: TransferTo,
): Promise<{ key: string; email: string }> {
  const product = await getProduct(ctx, pid);
  if (!product) throw new ApiError('NOT_FOUND', 'Product not found.');
  if ('owner' in to) {
    const owner = await getUser(ctx, product.uid);
    if (!owner) throw new ApiError('NOT_FOUND', AGENT_MSG.notFound);
    return { key: `o:${owner.id}`, email: owner.email };
  }
  const target = await ownAgent(ctx, pid, to.agentId);
  if (!target.verified) throw new ApiError('CONFLICT', LIVE_MSG.agentUnverified);
  if (!(await agentHasSeat(ctx, target, product))) throw new ApiError('FORBIDDEN', AGENT_MSG.targetNoSeat);
  return { key: `a:${target.id}`, email: target.email };
}

/** The transfer picker: the account owner first, then the agents who may receive a conversation now. */
export async function transferTargets(ctx: ServiceCtx, pid: string) {
  const product = await getProduct(ctx, pid);
  if (!product) throw new ApiError('NOT_FOUND', 'Product not found.');
  const [owner, rows] = await Promise.all([getUser(ctx, product.uid), agentsByAge(ctx, pid)]);
  const limit = agentLimit(product);
  return [
    ...(owner ? [{ id: null, email: owner.email, name: owner.name.trim(), owner: true }] : []),
    ...rows
      .filter((a, rank) => a.verified && holdsSeat(limit, rank))
      .map((a) => ({ id: a.id, email: a.email, name: `${a.name} ${a.surname}`.trim(), owner: false })),
  ];
}

/**
 * Hands a conversation the actor holds (or any taken one, for the owner) to the account owner or to
 * another agent with a chat seat. Handing it to its holder is refused (409).
 */
export async function transferConversation(ctx: ServiceCtx, actor: LiveActor, id: string, to: TransferTo) {
  const conv = await resolveConversation(ctx, actor, id);
  const target = await transferTarget(ctx, actor.pid, to);
  const now = ctx.now();
  const [live] = await ctx.db
    .update(lc)
    .set({ holder: target.key, holderEmail: target.email, takenAt: now, updatedAt: now })
    .where(and(keyOf(conv), eq(lc.state, 'taken'), mayHandle(actor), ne(lc.holder, target.key)))
    .returning()
    .all();
  if (!live) {
    const now = await current(ctx, conv);
    if (now?.state === 'taken' && now.holder === target.key)
      throw new ApiError('CONFLICT', LIVE_MSG.alreadyHolds(target.email));
    throw conflict(now, LIVE_MSG.takeFirst);
  }
  await threadTouched(ctx, actor.pid, live, { holder: target.key });
  return changed(ctx, actor, conv, live, 'transferred', { to: target.email });
}

/** Closes a waiting conversation, or a taken one its holder (or the owner) closes. */
export async function closeConversation(ctx: ServiceCtx, actor: LiveActor, id: string) {
  const conv = await resolveConversation(ctx, actor, id);
  const now = ctx.now();
  const [live] = await ctx.db
    .update(lc)
    .set({
      state: 'closed',
      closedAt: now,
      unread: 0,
      updatedAt: now,
      holderEmail: sql`case when ${lc.state} = 'taken' then ${lc.holderEmail} else ${actor.email} end`,
    })
    .where(and(keyOf(conv), or(eq(lc.state, 'waiting'), and(eq(lc.state, 'taken'), mayHandle(actor)))))
    .returning()
    .all();
  if (!live) throw conflict(await current(ctx, conv), LIVE_MSG.notOpen);
  await threadTouched(ctx, actor.pid, live, { holder: actor.key, closed: true });
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
  await openThread(ctx, actor.pid, live);
  return changed(ctx, actor, conv, live, 'reopened');
}

async function current(ctx: ServiceCtx, r: Resolved): Promise<LiveConversationRow | null> {
  return (await ctx.db.select().from(lc).where(keyOf(r)).get()) ?? null;
}
