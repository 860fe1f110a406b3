import { and, eq, inArray, lt, ne, not, sql } from 'drizzle-orm';
import { livePresence, liveStreams } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { presenceChanged } from './presence-event';

/**
 * A holder's open inbox streams (`live_streams`, one row each): the first one to open brings back the
 * status they chose, the last one to close sets them offline. A running stream touches its row every `STREAM_TOUCH_MS`; a row older than `STALE_MS`
 * belongs to a stream whose process died without closing it (a crash, a kill, an evicted Worker),
 * so it never keeps its holder online: the sweep removes it and sets offline a holder left with none.
 */
const STREAM_TOUCH_MS = 15_000;
const STALE_MS = 4 * STREAM_TOUCH_MS;

const ls = liveStreams;
const lp = livePresence;

/**
 * This process's open streams (by its caches), touched together: whichever stream notices the touch
 * is due writes one statement for all of them, so 200 agents cost one write every 15 s, not a burst
 * of 200 that would hold up the events behind it.
 */
const mine = new WeakMap<object, { ids: Set<string>; touchedAt: number }>();
function here(ctx: ServiceCtx) {
  let r = mine.get(ctx.cache);
  if (!r) mine.set(ctx.cache, (r = { ids: new Set(), touchedAt: ctx.now() }));
  return r;
}
const TOUCH_BATCH = 500;

/**
 * An event stream of the holder opened: answers its id, to touch and close it by, and whether it
 * brought the holder back to what they chose (online unless they picked otherwise), with the event.
 */
export async function streamOpened(ctx: ServiceCtx, pid: string, holder: string, email: string) {
  const id = crypto.randomUUID();
  const now = ctx.now();
  await ctx.db.insert(ls).values({ id, pid, holder, email, openedAt: now, seenAt: now });
  here(ctx).ids.add(id);
  const [back] = await ctx.db
    .insert(lp)
    .values({ pid, holder, status: 'online', chosen: 'online', updatedAt: now })
    .onConflictDoUpdate({
      target: [lp.pid, lp.holder],
      set: { status: sql`${lp.chosen}`, updatedAt: now },
      setWhere: sql`${lp.status} = 'offline' and ${lp.chosen} <> 'offline'`,
    })
    .returning({ status: lp.status })
    .all();
  if (back) await presenceChanged(ctx, pid, holder, email, back.status);
  return { id, online: back?.status === 'online' };
}

/** This process's streams still run: touched when `STREAM_TOUCH_MS` has passed since the last time (else nothing). */
export async function touchStreams(ctx: ServiceCtx): Promise<void> {
  const r = here(ctx);
  const now = ctx.now();
  if (now - r.touchedAt < STREAM_TOUCH_MS || !r.ids.size) return;
  r.touchedAt = now;
  const ids = [...r.ids];
  for (let i = 0; i < ids.length; i += TOUCH_BATCH)
    await ctx.db
      .update(ls)
      .set({ seenAt: now })
      .where(inArray(ls.id, ids.slice(i, i + TOUCH_BATCH)));
}

/** An event stream of the holder closed: the last live one sets them offline. */
export async function streamClosed(ctx: ServiceCtx, pid: string, id: string, holder: string, email: string) {
  here(ctx).ids.delete(id);
  await ctx.db.delete(ls).where(eq(ls.id, id));
  await offlineWithoutStreams(ctx, pid, holder, email);
}

/** SQL: one of the holder's (a column or value) streams is alive at `now`. */
const aliveStream = (pid: string, holder: unknown, now: number) =>
  sql`exists (select 1 from live_streams s where s.pid = ${pid} and s.holder = ${holder} and s.seen_at >= ${now - STALE_MS})`;

/** SQL: the holder (a column or value) has streams and all of them died with their process. */
export const onlyDeadStreams = (pid: string, holder: unknown, now: number) =>
  sql`(exists (select 1 from live_streams s where s.pid = ${pid} and s.holder = ${holder}) and not ${aliveStream(pid, holder, now)})`;

/**
 * Sets the holder offline unless one of their streams is alive (a `presence` event when that changes
 * it). One statement, so a stream opening meanwhile keeps them as they are.
 */
async function offlineWithoutStreams(ctx: ServiceCtx, pid: string, holder: string, email: string) {
  const [row] = await ctx.db
    .update(lp)
    .set({ status: 'offline', updatedAt: ctx.now() })
    .where(
      and(eq(lp.pid, pid), eq(lp.holder, holder), ne(lp.status, 'offline'), not(aliveStream(pid, holder, ctx.now()))),
    )
    .returning()
    .all();
  if (row) await presenceChanged(ctx, pid, holder, email, 'offline');
}

/**
 * Removes the streams that died with their process (of one account, or all) and sets offline each
 * holder they leave with no live stream. Answers how many it removed.
 */
export async function sweepDeadStreams(ctx: ServiceCtx, pid?: string): Promise<number> {
  const stale = lt(ls.seenAt, ctx.now() - STALE_MS);
  const dead = await ctx.db
    .delete(ls)
    .where(pid === undefined ? stale : and(eq(ls.pid, pid), stale))
    .returning({ pid: ls.pid, holder: ls.holder, email: ls.email })
    .all();
  const holders = new Map(dead.map((d) => [`${d.pid} ${d.holder}`, d]));
  for (const d of holders.values()) await offlineWithoutStreams(ctx, d.pid, d.holder, d.email);
  return dead.length;
}
