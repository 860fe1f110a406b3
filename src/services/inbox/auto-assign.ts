import { and, asc, eq, not, sql } from 'drizzle-orm';
import { chats, liveConversations, livePresence, liveThreads } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { takeConversation } from './assign';
import { conversationId, resolveConversation } from './conversations';
import { openCounts, teamMembers, type TeamMember } from './presence';
import { onlyDeadStreams } from './presence-streams';
import { getLiveSettings } from './settings';

const lc = liveConversations;
const lp = livePresence;

/** Takes lost to a race (another process assigned first) before a pass gives up until the next change. */
const MISSES = 3;

/** The account's oldest waiting conversation: by its thread's start, else by its last change. */
async function oldestWaiting(ctx: ServiceCtx, pid: string) {
  return ctx.db
    .select({ phoneId: lc.phoneId, chatJid: lc.chatJid })
    .from(lc)
    .innerJoin(chats, and(eq(chats.phoneId, lc.phoneId), eq(chats.jid, lc.chatJid), eq(chats.type, 'chat')))
    .leftJoin(liveThreads, eq(liveThreads.id, lc.threadId))
    .where(and(eq(lc.pid, pid), eq(lc.state, 'waiting')))
    .orderBy(sql`coalesce(${liveThreads.createdAt}, ${lc.updatedAt})`, asc(lc.phoneId), asc(lc.chatJid))
    .limit(1)
    .get();
}

/**
 * Who gets the next conversation: of the team members whose presence is online (and not only through
 * streams that died with their process, before the sweep sets them offline), the one holding the
 * fewest conversations below `max`; a tie goes to the one assigned longest ago. Null when none has room.
 */
async function nextMember(ctx: ServiceCtx, pid: string, max: number): Promise<TeamMember | null> {
  const online = await ctx.db
    .select({ holder: lp.holder, last: lp.lastAssignedAt })
    .from(lp)
    .where(and(eq(lp.pid, pid), eq(lp.status, 'online'), not(onlyDeadStreams(pid, lp.holder, ctx.now()))))
    .all();
  if (!online.length) return null;
  const [team, open] = await Promise.all([teamMembers(ctx, pid), openCounts(ctx, pid)]);
  const byKey = new Map(team.map((m) => [m.key, m]));
  const ranked = online
    .filter((p) => byKey.has(p.holder) && (open.get(p.holder) ?? 0) < max)
    .sort((a, b) => (open.get(a.holder) ?? 0) - (open.get(b.holder) ?? 0) || a.last - b.last);
  return ranked.length ? byKey.get(ranked[0]!.holder)! : null;
}

/**
 * Round robin's one condition, checked by the take's own statement: the member is still online and
 * holds fewer than `max`, and the conversation still waits. So two conversations arriving at once
 * (in this process or another) never overfill an agent: the second take sees the first.
 */
function roomFor(pid: string, holder: string, max: number) {
  return and(
    eq(lc.state, 'waiting'),
    sql`(select count(*) from live_conversations x where x.pid = ${pid} and x.state = 'taken' and x.holder = ${holder}) < ${max}`,
    sql`exists (select 1 from live_presence p where p.pid = ${pid} and p.holder = ${holder} and p.status = 'online')`,
  );
}

/**
 * With round robin on, hands the account's waiting conversations, oldest first, to online members
 * with room, each as a take by that member (the same events and webhooks as a take by hand). Runs
 * where a conversation starts waiting and where a seat frees (a close, a transfer, a snooze, a member
 * coming online, the settings changing); answers how many it assigned.
 */
async function autoAssign(ctx: ServiceCtx, pid: string): Promise<number> {
  const settings = await getLiveSettings(ctx, pid);
  if (settings.auto_assign !== 'round_robin') return 0;
  const max = settings.max_open_per_agent;
  let assigned = 0;
  for (let misses = 0; misses < MISSES;) {
    const waiting = await oldestWaiting(ctx, pid);
    if (!waiting) break;
    const member = await nextMember(ctx, pid, max);
    if (!member) break;
    const actor = { pid, key: member.key, email: member.email, owner: member.owner };
    try {
      const id = conversationId(waiting.phoneId, waiting.chatJid);
      await takeConversation(ctx, actor, id, await resolveConversation(ctx, actor, id), roomFor(pid, member.key, max));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      misses++;
      continue;
    }
    await ctx.db
      .update(lp)
      .set({ lastAssignedAt: ctx.now() })
      .where(and(eq(lp.pid, pid), eq(lp.holder, member.key)));
    assigned++;
  }
  return assigned;
}

/**
 * A seat may have freed or a conversation started waiting (a close, a transfer, a reopen, a snooze,
 * presence or settings changing): round robin's pass, after the change committed. It never fails the
 * change itself: a pass that fails is made again at the next change.
 */
export async function seatsChanged(ctx: ServiceCtx, pid: string): Promise<void> {
  await autoAssign(ctx, pid).catch(() => 0);
}
