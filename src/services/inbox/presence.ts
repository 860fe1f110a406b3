import { and, eq, sql } from 'drizzle-orm';
import { liveConversations, livePresence } from '../../../db/schema';
import { ApiError } from '../../errors';
import { holdsSeat } from '../../shared/agent-seats';
import { agentLimit, agentsByAge } from '../agents/seats';
import { getUser } from '../auth/users';
import { getProduct } from '../products/products';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { presenceChanged, type PresenceStatus } from './presence-event';
import { sweepDeadStreams } from './presence-streams';

/** Someone who may work the inbox: the owner, or a confirmed agent with a chat seat. */
export interface TeamMember {
  /** The holder key (`a:<agent id>` / `o:<owner uid>`). */
  key: string;
  id: number | null;
  email: string;
  name: string;
  owner: boolean;
}

/** The account's team, owner first, then the agents who hold a chat seat and confirmed their e-mail. */
export async function teamMembers(ctx: ServiceCtx, pid: string): Promise<TeamMember[]> {
  const product = await getProduct(ctx, pid);
  if (!product) throw new ApiError('NOT_FOUND', 'Product not found.');
  const [owner, rows] = await Promise.all([getUser(ctx, product.uid), agentsByAge(ctx, pid)]);
  const limit = agentLimit(product);
  return [
    ...(owner ? [{ key: `o:${owner.id}`, id: null, email: owner.email, name: owner.name.trim(), owner: true }] : []),
    ...rows
      .filter((a, rank) => a.verified && holdsSeat(limit, rank))
      .map((a) => ({
        key: `a:${a.id}`,
        id: a.id,
        email: a.email,
        name: `${a.name} ${a.surname}`.trim(),
        owner: false,
      })),
  ];
}

/** Each holder's presence row of the account. */
async function presenceRows(ctx: ServiceCtx, pid: string) {
  const rows = await ctx.db.select().from(livePresence).where(eq(livePresence.pid, pid)).all();
  return new Map(rows.map((r) => [r.holder, r]));
}

/** Conversations each holder of the account holds now. */
export async function openCounts(ctx: ServiceCtx, pid: string): Promise<Map<string, number>> {
  const lc = liveConversations;
  const rows = await ctx.db
    .select({ holder: lc.holder, n: sql<number>`count(*)` })
    .from(lc)
    .where(and(eq(lc.pid, pid), eq(lc.state, 'taken')))
    .groupBy(lc.holder)
    .all();
  return new Map(rows.map((r) => [r.holder, Number(r.n)]));
}

/** The team with each one's presence (offline when never set) and how many conversations they hold. */
export async function listPresence(ctx: ServiceCtx, pid: string) {
  await sweepDeadStreams(ctx, pid); // where no job runs (the Worker)
  const [team, rows, open] = await Promise.all([teamMembers(ctx, pid), presenceRows(ctx, pid), openCounts(ctx, pid)]);
  return team.map(({ key, ...m }) => ({
    ...m,
    status: rows.get(key)?.status ?? ('offline' as const),
    open: open.get(key) ?? 0,
  }));
}

/**
 * The holder chooses a status: it is what the team sees at once (every inbox hears a `presence` event
 * when that changes), and what opening the inbox brings back after their last stream closed.
 */
async function writeStatus(ctx: ServiceCtx, pid: string, holder: string, email: string, status: PresenceStatus) {
  const now = ctx.now();
  const lp = livePresence;
  const mine = and(eq(lp.pid, pid), eq(lp.holder, holder));
  const before = await ctx.db.select({ status: lp.status }).from(lp).where(mine).get();
  await ctx.db
    .insert(lp)
    .values({ pid, holder, status, chosen: status, updatedAt: now })
    .onConflictDoUpdate({ target: [lp.pid, lp.holder], set: { status, chosen: status, updatedAt: now } });
  if ((before?.status ?? 'offline') !== status) await presenceChanged(ctx, pid, holder, email, status);
}

/** The actor sets their own presence. */
export async function setPresence(ctx: ServiceCtx, actor: LiveActor, status: PresenceStatus): Promise<void> {
  await writeStatus(ctx, actor.pid, actor.key, actor.email, status);
}

/** The actor's row as the presence list shows it. */
export async function myPresence(ctx: ServiceCtx, actor: LiveActor) {
  const me = (await listPresence(ctx, actor.pid)).find((m) => m.email === actor.email);
  return me ?? { id: null, email: actor.email, name: '', owner: actor.owner, status: 'offline' as const, open: 0 };
}
