import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, type MessageRow } from '../../db/schema';
import type { EngineSession, OutgoingContent, StoredMessage } from '../engines/types';
import { EngineError } from '../engines/types';
import { recordSentOnChat } from '../services/messages/store';
import { metrics } from '../services/metrics/registry';
import { holds, type Fence } from './fence';


/** Gaps between sends, per engine: real WhatsApp flags numbers that send like machines. */
export interface Pacing {
  minGapMs: number;
  maxGapMs: number;
  /** At least this long between two messages to the same chat. */
  sameChatGapMs: number;
}

export const NO_PACING: Pacing = { minGapMs: 0, maxGapMs: 0, sameChatGapMs: 0 };

/** Transient failures are retried this many times in all, with this backoff. */
export const MAX_ATTEMPTS = 5;
export const RETRY_BACKOFF_MS = [2_000, 10_000, 30_000, 120_000] as const;

/** What an engine can tell about a message whose sending was interrupted. */
export type SentCheck = 'sent' | 'not-sent' | 'unknown';

/** Turns a queued row into what the engine sends (fetching media, resolving quoted messages). */
export type ContentResolver = (row: MessageRow) => Promise<{ content: OutgoingContent; quoted?: StoredMessage }>;

export interface SenderDeps {
  db: Db;
  now: () => number;
  phoneId: number;
  /** The lease this runner holds on the phone: every write below carries it. */
  fence: Fence;
  session: EngineSession;
  pacing: Pacing;
  resolve: ContentResolver;
  /** Whether the network already took a message with this WhatsApp id: the simulator knows; Baileys knows only when it kept the message. */
  wasSent?: (waId: string) => Promise<SentCheck>;
  /** Told about every row that reached a final state. */
  onFinal?: (row: MessageRow, outcome: 'sent' | 'failed') => void | Promise<void>;
  log?: (entry: Record<string, unknown>) => void;
}

/** Rows a crash left in 'sending': sent if the network has them, else retried or reported failed. */
export async function recoverInterrupted(deps: SenderDeps): Promise<void> {
  const rows = await deps.db.select().from(messages).where(and(eq(messages.phoneId, deps.phoneId), eq(messages.status, 'sending'))).all();
  for (const row of rows) {
    const now = deps.now();
    const check = deps.wasSent ? await deps.wasSent(row.waId) : 'unknown';
    if (check !== 'unknown') {
      const sent = check === 'sent';
      const res = await deps.db
        .update(messages)
        .set(sent ? { status: 'sent', sentAt: now, updatedAt: now } : { status: 'queued', updatedAt: now })
        .where(and(eq(messages.seq, row.seq), holds(deps.phoneId, deps.fence)));
      if (sent && res.rowsAffected > 0) {
        metrics.sent.inc();
        await deps.onFinal?.({ ...row, status: 'sent' }, 'sent');
      }
    } else {
      const error = 'Sending was interrupted by a restart; WhatsApp may or may not have received it.';
      const res = await deps.db.update(messages).set({ status: 'failed', error, updatedAt: now }).where(and(eq(messages.seq, row.seq), holds(deps.phoneId, deps.fence)));
      if (res.rowsAffected === 0) continue;
      metrics.failed.inc();
      await deps.onFinal?.({ ...row, status: 'failed', error }, 'failed');
    }
  }
}

/** How many chats' first messages one look past a waiting message considers. */
const CHAT_HEADS_SCANNED = 200;

/**
 * Sends one phone's queue in order, one message at a time, with the engine's pacing. It runs while
 * kicked and the session is active; a row that fails transiently holds only its own chat until its
 * retry, while the other chats keep flowing.
 */
export class PhoneSender {
  private running = false;
  private again = false;
  private stopped = false;
  private active = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastSendAt = 0;
  private readonly lastByChat = new Map<string, number>();

  constructor(private readonly deps: SenderDeps) {}

  /** The fencing condition of this phone's lease. */
  private holds() {
    return holds(this.deps.phoneId, this.deps.fence);
  }

  setActive(active: boolean): void {
    this.active = active;
    if (active) this.kick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  kick(): void {
    if (this.stopped || !this.active) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.loop()
      .catch((err: unknown) => this.deps.log?.({ level: 'error', msg: 'sender loop failed', phoneId: this.deps.phoneId, err: String(err) }))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private later(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), ms);
  }

  private async loop(): Promise<void> {
    while (!this.stopped && this.active) {
      const next = await this.nextRow();
      if (!next) return;
      if (!next.row || next.wait > 0) return this.later(next.wait);
      // Not claimed: another sender took it, or this runner's lease is gone; a later kick looks again.
      if (!(await this.sendOne(next.row))) return;
    }
  }

  /**
   * The next message to send, or how long until one may go. The oldest queued message usually is
   * it; when it waits for a retry, the other chats' first messages go ahead of it (order within one
   * chat stays: a chat's later messages wait behind its first).
   */
  private async nextRow(): Promise<{ row?: MessageRow; wait: number } | null> {
    const { db, phoneId } = this.deps;
    const oldest = await db
      .select()
      .from(messages)
      .where(and(eq(messages.phoneId, phoneId), eq(messages.status, 'queued')))
      .orderBy(asc(messages.seq))
      .limit(1)
      .get();
    if (!oldest) return null;
    const now = this.deps.now();
    const gap = this.gap();
    if (oldest.nextAttemptAt <= now) return { row: oldest, wait: this.paceWait(oldest.chatId, gap) };
    const heads = await db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.phoneId, phoneId),
          eq(messages.status, 'queued'),
          sql`${messages.seq} in (select min(seq) from messages where phone_id = ${phoneId} and status = 'queued' group by chat_id)`,
        ),
      )
      .orderBy(asc(messages.seq))
      .limit(CHAT_HEADS_SCANNED)
      .all();
    let soonest = Infinity;
    for (const row of heads) {
      const wait = Math.max(row.nextAttemptAt - now, this.paceWait(row.chatId, gap));
      if (wait <= 0) return { row, wait: 0 };
      soonest = Math.min(soonest, wait);
    }
    return { wait: Number.isFinite(soonest) ? soonest : oldest.nextAttemptAt - now };
  }

  /** This round's jittered gap after the last send (0 without pacing). */
  private gap(): number {
    const { minGapMs, maxGapMs } = this.deps.pacing;
    return minGapMs + Math.random() * Math.max(0, maxGapMs - minGapMs);
  }

  private paceWait(chatId: string, gap: number): number {
    const { sameChatGapMs } = this.deps.pacing;
    if (!gap && !sameChatGapMs) return 0;
    const sinceAny = this.deps.now() - this.lastSendAt;
    const sinceChat = this.deps.now() - (this.lastByChat.get(chatId) ?? 0);
    return Math.max(gap - sinceAny, sameChatGapMs - sinceChat, 0);
  }

  /** Sends one row; false when it could not be claimed. */
  private async sendOne(row: MessageRow): Promise<boolean> {
    const { db } = this.deps;
    const claimed = await db
      .update(messages)
      .set({ status: 'sending', attempts: sql`${messages.attempts} + 1`, updatedAt: this.deps.now() })
      .where(and(eq(messages.seq, row.seq), eq(messages.status, 'queued'), this.holds()))
      .returning({ attempts: messages.attempts })
      .get();
    if (!claimed) return false;
    try {
      const { content, quoted } = await this.deps.resolve(row);
      const res = await this.deps.session.send(row.chatId, content, { waId: row.waId, ...(quoted ? { quoted } : {}) });
      const now = this.deps.now();
      this.lastSendAt = now;
      this.lastByChat.set(res.chatId, now);
      const done = await db
        .update(messages)
        .set({ status: 'sent', chatId: res.chatId, sentAt: now, updatedAt: now, error: null })
        .where(and(eq(messages.seq, row.seq), this.holds()));
      // Lost the lease while sending: the row stays 'sending' and the new holder settles it (recoverInterrupted).
      if (done.rowsAffected === 0) return false;
      metrics.sent.inc();
      await recordSentOnChat(db, this.deps.phoneId, res.chatId, row.body, now);
      await this.deps.onFinal?.({ ...row, status: 'sent', chatId: res.chatId, sentAt: now }, 'sent');
    } catch (err) {
      await this.failed(row, claimed.attempts, err);
    }
    return true;
  }

  private async failed(row: MessageRow, attempts: number, err: unknown): Promise<void> {
    const now = this.deps.now();
    const message = err instanceof Error ? err.message : String(err);
    const code = err instanceof EngineError ? err.code : 'TRANSIENT';
    if (code === 'NOT_CONNECTED') {
      // Not the message's fault: it waits for the phone, without spending an attempt.
      await this.deps.db.update(messages).set({ status: 'queued', attempts: attempts - 1, updatedAt: now }).where(and(eq(messages.seq, row.seq), this.holds()));
      this.active = false;
      return;
    }
    if ((code === 'TRANSIENT' || code === 'RATE_LIMITED') && attempts < MAX_ATTEMPTS) {
      const delay = RETRY_BACKOFF_MS[Math.min(attempts - 1, RETRY_BACKOFF_MS.length - 1)]!;
      await this.deps.db
        .update(messages)
        .set({ status: 'queued', nextAttemptAt: now + delay, error: message, updatedAt: now })
        .where(and(eq(messages.seq, row.seq), this.holds()));
      return;
    }
    const res = await this.deps.db.update(messages).set({ status: 'failed', error: message, updatedAt: now }).where(and(eq(messages.seq, row.seq), this.holds()));
    if (res.rowsAffected === 0) return;
    metrics.failed.inc();
    await this.deps.onFinal?.({ ...row, status: 'failed', error: message }, 'failed');
  }
}
