import { and, asc, desc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import { messages } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/** How often a phone's chat stream looks for new and changed messages (ours); the console's own send wakes it at once. */
const CHAT_EVENTS_POLL_MS = 1_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** New rows a stream reads per query; more are read at once in the next. */
const CHAT_EVENTS_BATCH = 200;
/** How many of the phone's latest sent messages a stream watches for acks (older ones are read again on a reconnect). */
const ACK_WATCH_ROWS = 500;
/** A change is looked for this far before the last look: a write committed late or by another process's clock is not missed. */
const CHANGE_SLACK_MS = 10_000;
/** Outgoing statuses a row can still leave or enter (a received message never changes). */
const CHANGING = ['queued', 'sending', 'sent', 'failed', 'purged'] as const;

/**
 * Event types of a phone's chat stream, and what each one's data carries:
 * - message: `chatId`, `id` (a new message of the phone, either way: the chat reads it);
 * - ack: `chatId`, `id`, `status`, `ack` and `error` when failed (an outgoing message's delivery changed).
 */
export type ChatEventType = 'message' | 'ack';

/** One server-sent event as the stream writes it. */
interface ChatSseEvent {
  event: string;
  data: string;
  retry?: number;
}

/** Where a chat stream goes (the route hands over its SSE writer): events, and a keep-alive comment. */
export interface ChatSink {
  event(e: ChatSseEvent): Promise<void>;
  ping(): Promise<void>;
}

/** Resolves after `ms`, or sooner when `wake` is called. */
function pause(ms: number): { done: Promise<void>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, wake };
}

/** The newest row of the phone now (0 when none): the stream tells of rows after it. */
async function latestSeq(ctx: ServiceCtx, phoneId: number): Promise<number> {
  const row = await ctx.db
    .select({ seq: messages.seq })
    .from(messages)
    .where(eq(messages.phoneId, phoneId))
    .orderBy(desc(messages.seq))
    .limit(1)
    .get();
  return row?.seq ?? 0;
}

/**
 * The row below every one the stream watches for delivery changes: the phone's latest sent messages
 * (acks) and every queued or sending one (they still become sent, failed or purged).
 */
async function watchFloor(ctx: ServiceCtx, phoneId: number): Promise<number> {
  const [sent, pending] = await Promise.all([
    ctx.db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.phoneId, phoneId), eq(messages.status, 'sent')))
      .orderBy(desc(messages.seq))
      .limit(1)
      .offset(ACK_WATCH_ROWS - 1)
      .get(),
    ctx.db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.phoneId, phoneId), inArray(messages.status, ['queued', 'sending'])))
      .orderBy(asc(messages.seq))
      .limit(1)
      .get(),
  ]);
  return Math.min(sent?.seq ?? 0, pending ? pending.seq - 1 : Number.MAX_SAFE_INTEGER);
}

/**
 * A phone's chat stream (the console's phone chat): a 'ready' event, then a 'message' event for each
 * new message of the phone and an 'ack' event for each delivery change of a watched outgoing one,
 * read from the messages table (so a message stored by any process is seen), with a comment line when
 * quiet, until `signal` aborts (the client left). A client reads the list and the open chat at
 * 'ready' (opened, or opened again after a drop: what came meanwhile is only seen by reading).
 */
export async function phoneChatStream(ctx: ServiceCtx, phoneId: number) {
  let last = await latestSeq(ctx, phoneId);
  const floor = await watchFloor(ctx, phoneId);
  return async (sink: ChatSink, signal: AbortSignal): Promise<void> => {
    let sleeping = pause(0);
    const onAbort = () => sleeping.wake();
    signal.addEventListener('abort', onAbort);
    const off = ctx.bus?.on('queued', (e) => e.phoneId === phoneId && sleeping.wake());
    /** Each watched row's delivery as last told ("status:ack"), with when it was seen changing. */
    const told = new Map<string, { state: string; at: number }>();
    let since = ctx.now() - CHANGE_SLACK_MS;
    let quietSince = Date.now();
    const send = async (event: ChatEventType, data: Record<string, unknown>) => {
      await sink.event({ event, data: JSON.stringify(data) });
      quietSince = Date.now();
    };
    try {
      await sink.event({ event: 'ready', data: '{}', retry: 1000 });
      while (!signal.aborted) {
        const lookedAt = ctx.now();
        const fresh = await ctx.db
          .select({ seq: messages.seq, id: messages.id, chatId: messages.chatId })
          .from(messages)
          .where(and(gt(messages.seq, last), eq(messages.phoneId, phoneId)))
          .orderBy(asc(messages.seq))
          .limit(CHAT_EVENTS_BATCH)
          .all();
        for (const r of fresh) await send('message', { chatId: r.chatId, id: r.id });
        if (fresh.length) last = fresh.at(-1)!.seq;
        const changed = await ctx.db
          .select({
            id: messages.id,
            chatId: messages.chatId,
            status: messages.status,
            ack: messages.ack,
            error: messages.error,
            updatedAt: messages.updatedAt,
          })
          .from(messages)
          .where(
            and(
              eq(messages.phoneId, phoneId),
              inArray(messages.status, [...CHANGING]),
              gt(messages.seq, floor),
              lt(messages.seq, last + 1),
              gte(messages.updatedAt, since),
            ),
          )
          .all();
        for (const r of changed) {
          const state = `${r.status}:${r.ack}`;
          if (told.get(r.id)?.state === state) continue;
          told.set(r.id, { state, at: r.updatedAt });
          const { id, chatId, status, ack } = r;
          await send('ack', { chatId, id, status, ack, ...(r.error ? { error: r.error } : {}) });
        }
        since = lookedAt - CHANGE_SLACK_MS;
        for (const [id, t] of told) if (t.at < since) told.delete(id);
        if (fresh.length === CHAT_EVENTS_BATCH) continue;
        sleeping = pause(CHAT_EVENTS_POLL_MS);
        await sleeping.done;
        if (!signal.aborted && Date.now() - quietSince >= HEARTBEAT_MS) {
          await sink.ping();
          quietSince = Date.now();
        }
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      off?.();
    }
  };
}
