import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { liveEvents } from '../../../db/schema';
import { cachedFor, PHONE_CACHE_MS } from '../cache';
import type { InStatement } from '@libsql/client';
import type { ServiceCtx } from '../context';
import { insertRow, isExpr, type Condition, type Expr } from '../group-commit';
import { agentLimit } from '../agents/seats';
import { getProduct } from '../products/products';

/**
 * Event types of the inbox stream, and what each one's data carries:
 * - message: `conversationId`, `message` (the row the messages read gives), `unread` (the
 *   conversation's unread count after it, so a client applying it twice counts it once);
 * - ack: `conversationId`, `msgId`, `ack`;
 * - conversation: `event` (the change), `by`, `conversation` (its row as every agent sees it, after the change);
 * - note: `conversationId`, `note`;
 * - labels: the account's label definitions changed: `event` (label_created, label_updated,
 *   label_deleted), `by`, `label` (`{id, name, color}`), `was` (the old name of a renamed one);
 * - contact: `chatId`, `by`, `contact` (name, email, attributes as saved);
 * - mention: `holder` (whom it concerns: the stream is account-wide, the client shows it to that
 *   holder only) and `mention` (a note named them), or `read` (ids, or 'all': their mentions were read).
 */
export type LiveEventType = 'message' | 'ack' | 'conversation' | 'note' | 'labels' | 'contact' | 'mention';

/** Events a stream reads per query; a longer backlog is read in several. */
export const LIVE_EVENTS_BATCH = 200;

/** Records an event in the account's durable log and wakes this process's streams. */
export async function recordLiveEvent(
  ctx: ServiceCtx,
  pid: string,
  type: LiveEventType,
  data: Record<string, unknown>,
): Promise<void> {
  await ctx.db.insert(liveEvents).values({ pid, type, data, createdAt: ctx.now() });
  liveEventsStored(ctx, pid);
}

/**
 * An event of the account's durable log as a statement, for a caller that commits it with other
 * writes (an incoming message, an ack), only if `onlyIf` holds; `data` may take a field from SQL
 * (`jsonSet`). Once committed, `liveEventsStored` wakes the streams.
 */
export function liveEventRow(
  ctx: Pick<ServiceCtx, 'now'>,
  pid: string,
  type: LiveEventType,
  data: Record<string, unknown> | Expr,
  onlyIf?: Condition,
): InStatement {
  const json = isExpr(data) ? data : JSON.stringify(data);
  return insertRow('insert into live_events (pid, type, data, created_at)', [pid, type, json, ctx.now()], onlyIf);
}

/** The account's events were stored (`liveEventRow`): its streams in this process read them. */
export function liveEventsStored(ctx: Pick<ServiceCtx, 'bus'>, pid: string): void {
  ctx.bus?.emit('live', { pid });
}

/** Whether the account has a live package (an agent limit): only those accounts get inbox events. */
export async function hasLivePackage(ctx: ServiceCtx, pid: string): Promise<boolean> {
  // Asked on every message and ack the runner handles: read through the product cache.
  const row = await cachedFor(ctx.cache.products, pid, ctx.now(), PHONE_CACHE_MS, () => getProduct(ctx, pid));
  return row ? agentLimit(row) > 0 : false;
}

/** The account's events after `afterId`, oldest first. */
export async function liveEventsAfter(ctx: ServiceCtx, pid: string, afterId: number) {
  return ctx.db
    .select({ id: liveEvents.id, type: liveEvents.type, data: liveEvents.data })
    .from(liveEvents)
    .where(and(eq(liveEvents.pid, pid), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(LIVE_EVENTS_BATCH)
    .all();
}

/** The id of the account's latest event (0 when none): a new stream starts after it. */
export async function latestLiveEventId(ctx: ServiceCtx, pid: string): Promise<number> {
  const row = await ctx.db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(eq(liveEvents.pid, pid))
    .orderBy(desc(liveEvents.id))
    .limit(1)
    .get();
  return row?.id ?? 0;
}
