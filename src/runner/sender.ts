import type { Db } from '../../db/client';
import type { MessageRow } from '../../db/schema';
import type { EngineSession, OutgoingContent, Pacing, SentCheck, StoredMessage } from '../engines/types';
import { EngineError } from '../engines/types';
import { metrics } from '../services/metrics/registry';
import { runAgain, type RunAgain } from '../services/run-again';
import { holds, type Fence } from './fence';
import type { Consequences } from '../services/events/consequence';
import type { ResultSet } from '@libsql/client';
import { groupCommit, type Condition, type GroupCommit, type Query, type Statement } from '../services/group-commit';
import {
  claimQuery,
  handedOff,
  interruptedSends,
  nextDueQuery,
  outcomeQueries,
  outcomeTakes,
  settleInterrupted,
  type Outcome,
} from '../services/messages/send-queue';

// Gaps between sends and what an engine knows of an interrupted send are the engine's to say (its descriptor).
export { NO_PACING, type Pacing } from '../engines/types';

/** Transient failures are retried this many times in all, with this backoff. */
export const MAX_ATTEMPTS = 5;
export const RETRY_BACKOFF_MS = [2_000, 10_000, 30_000, 120_000] as const;

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
  /** Whether the network already took a message with this WhatsApp id (the engine's `wasSent`, with the phone's credentials). */
  wasSent?: (waId: string) => Promise<SentCheck>;
  /**
   * What a send WhatsApp took means besides its row (services/events/sent.ts; `row` as written): it
   * commits with the row's write, each statement only while `onlyIf()` holds (the write takes effect).
   */
  sent?: (row: MessageRow, onlyIf: () => Condition) => Promise<Consequences>;
  /**
   * What a send that finally failed means besides its row (services/events/failed.ts: its error log
   * row and webhook deliveries): it commits with the row's write, each statement only while `onlyIf` holds.
   */
  failed?: (row: MessageRow, error: string, onlyIf: Condition) => Promise<Consequences>;
  /** Told when rows are due but none could be claimed (ban protection holds them). */
  onHeld?: () => void | Promise<void>;
  /** With pacing: the multiplier of the gap after a send that opened a chat (2 when the phone's block risk is Critical). */
  newChatPace?: () => number;
  /** Ban protection's day follows the sandbox clock (`config.sandboxClock`: sandbox billing outside production). */
  sandboxClock?: boolean;
  log?: (entry: Record<string, unknown>) => void;
  /**
   * The runner's group commit: without pacing, a round's writes (the last sends settled, the next
   * ones claimed) share one round trip with the other phones'. Absent: each round is its own batch.
   */
  batch?: GroupCommit;
  /**
   * How many messages one claim may take without pacing (the engine's `claimSize`). More than one
   * only where the engine can tell after a crash which of them went: claimed rows a crash interrupts
   * are failed when it cannot. Default 1.
   */
  claimMax?: number;
}

/** How long a round's writes wait for other phones' before they leave. */
export const ROUND_WAIT_MS = 10;
/** How long the writes of a last round (nothing claimed after them) wait for company. */
const SETTLE_WAIT_MS = 50;
/** Rows are due but the claim took none (held by ban protection): the next look. */
export const HELD_RECHECK_MS = 5_000;
/** After a round the database did not take, the next try. */
export const ROUND_RETRY_MS = 1_000;

/**
 * Rows a crash left in 'sending': queued again when they never reached the engine (claimed ahead of
 * their slot) or the engine proves they did not go; sent when it proves they did; reported failed
 * only when it cannot tell (never sent twice).
 */
export async function recoverInterrupted(deps: SenderDeps): Promise<void> {
  const fence = holds(deps.phoneId, deps.fence);
  for (const row of await interruptedSends(deps.db, deps.phoneId)) {
    const check = !handedOff(row) ? 'not-sent' : deps.wasSent ? await deps.wasSent(row.waId) : 'unknown';
    const error = 'Sending was interrupted by a restart; WhatsApp may or may not have received it.';
    const outcome = check === 'sent' ? 'sent' : check === 'unknown' ? 'failed' : 'queued';
    const { sent, failed } = deps;
    const consequences =
      outcome === 'sent' && sent
        ? (onlyIf: Condition) => sent({ ...row, status: 'sent' }, () => onlyIf)
        : outcome === 'failed' && failed
          ? (onlyIf: Condition) => failed(row, error, onlyIf)
          : undefined;
    if (!(await settleInterrupted(deps.db, row, outcome, deps.now(), fence, error, consequences))) continue;
    if (outcome === 'sent') metrics.sent.inc();
    else if (outcome === 'failed') metrics.failed.inc();
  }
}

/**
 * Sends one phone's queue in order, in rounds of one round trip each: a round writes what the last
 * one sent and claims the next messages that may go (see services/messages/send-queue.ts), through the runner's group
 * commit. Without pacing a round claims several and the writes of one round ride with the claim of
 * the next; with pacing it claims one, writes it back at once (a crash must not leave a sent message
 * unsettled through the gap) and waits the gap before the next claim. A row that fails transiently
 * holds only its own chat until its retry, while the other chats keep flowing.
 */
export class PhoneSender {
  protected stopped = false;
  protected active = false;
  /** The loop's runs: one at a time, again when woken meanwhile, at a chosen time (`later`). */
  protected readonly runs: RunAgain;
  /** With pacing: no claim before this time (the last send plus this round's jittered gap). */
  private quietUntil = 0;
  private readonly lastByChat = new Map<string, number>();
  /** Outcomes a failed round could not write back. */
  protected readonly unsettled: Outcome[] = [];

  constructor(protected readonly deps: SenderDeps) {
    this.runs = runAgain({ idle: true, failMsg: `sender loop failed (phone ${deps.phoneId})`, log: deps.log }, () =>
      this.loop(),
    );
  }

  /** The fencing condition of this phone's lease. */
  protected holds() {
    return holds(this.deps.phoneId, this.deps.fence);
  }

  /**
   * 'claim': the claimed rows go to the engine at once, in order (the claim is their hand-off); 'send':
   * they wait for a slot and each is handed off as its engine call starts (`handOffQuery`).
   */
  protected get handOff(): 'claim' | 'send' {
    return 'claim';
  }

  /** Messages one claim takes: one with pacing. */
  private get claimMax(): number {
    return this.paced ? 1 : Math.max(1, this.deps.claimMax ?? 1);
  }

  private get paced(): boolean {
    const p = this.deps.pacing;
    return p.minGapMs > 0 || p.maxGapMs > 0 || p.sameChatGapMs > 0;
  }

  setActive(active: boolean): void {
    this.active = active;
    if (active) this.wake();
  }

  /** Stops the loop; the concurrent sender's promise settles once the sends in flight are written back. */
  stop(): void | Promise<void> {
    this.stopped = true;
    void this.runs();
  }

  /**
   * Looks at the queue again: runs the loop now, or once more right after the run under way;
   * `ifIdle` only when no run is under way (a running one looks at its queue again by itself).
   */
  wake(ifIdle = false): void {
    if (this.stopped || !this.active || (ifIdle && this.runs.busy)) return;
    this.runs.wake();
  }

  protected later(ms: number): void {
    this.runs.wakeIn(ms);
  }

  /**
   * Runs the writes of `done` and, when `claim`, the next claim (of up to `claim` rows when a number,
   * else `claimMax`, leaving out `busy` chats), in one round trip; the claimed rows, or when to look again.
   */
  protected async round(
    done: Outcome[],
    claim: boolean | number,
    waitMs = ROUND_WAIT_MS,
    busy: readonly string[] = [],
  ): Promise<{ claimed: MessageRow[]; due: number | null }> {
    const { db, phoneId, now } = this.deps;
    const fence = this.holds();
    // A send's or a failure's consequences (log row, webhooks...) go before its row's write, on the condition that it takes effect.
    const { sent, failed } = this.deps;
    const consequences = await Promise.all(
      done.map((o) =>
        o.kind === 'sent' && sent
          ? sent({ ...o.row, status: 'sent', chatId: o.chatId, sentAt: o.at }, () => outcomeTakes(o, fence))
          : o.kind === 'failed' && failed
            ? failed(o.row, o.error, outcomeTakes(o, fence))
            : null,
      ),
    );
    const writes: Statement[] = [];
    /** Where each outcome's row write is in the results. */
    const rowAt: number[] = [];
    for (const [i, o] of done.entries()) {
      writes.push(...(consequences[i]?.stmts ?? []));
      rowAt.push(writes.length);
      writes.push(...outcomeQueries(db, phoneId, o, fence));
    }
    const at = now();
    const skip = [...this.chatsInGap(at), ...busy];
    // A claim sees every message accepted before it starts: only a wake after this runs the loop again.
    if (claim) this.runs.takeWakes();
    const asks = claim
      ? [
          claimQuery(
            db,
            phoneId,
            at,
            claim === true ? this.claimMax : claim,
            fence,
            skip,
            this.deps.sandboxClock,
            this.handOff,
          ),
          nextDueQuery(db, phoneId, skip),
        ]
      : [];
    const all = [...writes, ...asks];
    if (all.length === 0) return { claimed: [], due: null };
    // Without the runner's group commit each round is its own batch (plain SQL consequences need one too).
    const batch = this.deps.batch ?? (consequences.some((c) => c?.stmts.length) ? groupCommit(db) : undefined);
    const results = batch ? await batch.run(all, waitMs) : await db.batch(all as [Query, ...Query[]]);
    await this.settled(done, rowAt, results, consequences);
    if (!claim) return { claimed: [], due: null };
    const claimed = (results[writes.length] as MessageRow[]).sort((a, b) => a.seq - b.seq);
    let due = (results[writes.length + 1] as { at: number | null }[])[0]?.at ?? null;
    // Chats left out for their gap come back when it ends.
    for (const chat of skip)
      if (this.lastByChat.has(chat))
        due = Math.min(due ?? Infinity, this.lastByChat.get(chat)! + this.deps.pacing.sameChatGapMs);
    return { claimed, due };
  }

  protected async loop(): Promise<void> {
    // What a failed round could not write back comes first (every outcome write is conditional on
    // the row still being 'sending', so writing one twice changes nothing).
    let done: Outcome[] = this.unsettled.splice(0);
    try {
      for (;;) {
        const go = !this.stopped && this.active;
        const wait = this.quietUntil - this.deps.now();
        if (go && wait > 0) {
          if (done.length) await this.round(done, false);
          done = [];
          return this.later(wait);
        }
        const { claimed, due } = await this.round(done, go);
        done = [];
        if (!go) return;
        if (claimed.length === 0) {
          // Due rows but none claimable: ban protection holds them until a budget frees (the
          // runner's poll wakes the phone meanwhile); look again later rather than spin.
          const held = due !== null && due <= this.deps.now();
          if (due !== null) this.later(held ? HELD_RECHECK_MS : Math.max(1, due - this.deps.now()));
          if (held) await this.deps.onHeld?.();
          return;
        }
        done = await this.sendClaimed(claimed);
        let next = due;
        for (const o of done) if (o.kind === 'retry') next = Math.min(next ?? Infinity, o.nextAttemptAt);
        // Another claim only when it can find something: a wake came after this one started (a new
        // message), the claim was full, or a message is due already.
        const more =
          this.runs.wakePending || claimed.length >= this.claimMax || (next !== null && next <= this.deps.now());
        // With pacing the send is written back now, not after the gap; without, a last round's
        // writes wait longer for company (acks, other phones) since nothing waits for them.
        if (this.paced || !more) {
          await this.round(done, false, this.paced ? ROUND_WAIT_MS : SETTLE_WAIT_MS);
          done = [];
        }
        if (!more) {
          if (next !== null) this.later(Math.max(1, next - this.deps.now()));
          return;
        }
      }
    } catch (err) {
      // The database did not take the round: its sends are written back on the next try.
      this.unsettled.push(...done);
      this.later(ROUND_RETRY_MS);
      throw err;
    }
  }

  /** Chats whose last message went less than the same-chat gap ago (none without pacing). */
  private chatsInGap(now: number): string[] {
    const gap = this.deps.pacing.sameChatGapMs;
    if (!gap) return [];
    const out: string[] = [];
    for (const [chat, at] of this.lastByChat) {
      if (now - at < gap) out.push(chat);
      else this.lastByChat.delete(chat);
    }
    return out;
  }

  /** Counts the outcomes whose row this runner still held when it wrote them, and follows their consequences' commit. */
  protected async settled(
    done: Outcome[],
    rowAt: number[],
    results: unknown[],
    consequences: (Consequences | null)[],
  ): Promise<void> {
    for (const [i, o] of done.entries()) {
      const written = results[rowAt[i]!] as { rowsAffected?: number };
      // Lost the lease meanwhile: the row stays as it was and the new holder settles it (recoverInterrupted).
      if (!written?.rowsAffected) continue;
      if (o.kind === 'sent') metrics.sent.inc();
      else if (o.kind === 'failed') metrics.failed.inc();
      const work = consequences[i];
      if (work) await work.committed?.(results.slice(rowAt[i]! - work.stmts.length, rowAt[i]) as ResultSet[]);
    }
  }

  /** Sends claimed rows in order; a chat whose message must be retried holds its later ones. */
  private async sendClaimed(rows: MessageRow[]): Promise<Outcome[]> {
    const out: Outcome[] = [];
    const held = new Set<string>();
    for (const row of rows) {
      if (this.stopped || !this.active || held.has(row.chatId)) {
        out.push({ kind: 'release', row, at: this.deps.now() });
        continue;
      }
      try {
        const { content, quoted } = await this.deps.resolve(row);
        const res = await this.deps.session.send(row.chatId, content, {
          waId: row.waId,
          ...(quoted ? { quoted } : {}),
        });
        const at = this.deps.now();
        if (this.paced) {
          this.lastByChat.set(row.chatId, at);
          this.quietUntil = at + this.gap() * (row.openedAt != null ? (this.deps.newChatPace?.() ?? 1) : 1);
        }
        out.push({ kind: 'sent', row, chatId: res.chatId, at });
      } catch (err) {
        const o = this.outcomeOf(row, err);
        if (o.kind === 'release') this.active = false;
        if (o.kind === 'retry') held.add(row.chatId);
        out.push(o);
      }
    }
    return out;
  }

  /** What a failed send becomes: a phone gone offline waits for it without spending an attempt; transient failures are retried with backoff. */
  protected outcomeOf(row: MessageRow, err: unknown): Outcome {
    const at = this.deps.now();
    const error = err instanceof Error ? err.message : String(err);
    const code = err instanceof EngineError ? err.code : 'TRANSIENT';
    if (code === 'NOT_CONNECTED') return { kind: 'release', row, at };
    if ((code === 'TRANSIENT' || code === 'RATE_LIMITED') && row.attempts < MAX_ATTEMPTS) {
      return {
        kind: 'retry',
        row,
        error,
        at,
        nextAttemptAt: at + RETRY_BACKOFF_MS[Math.min(row.attempts - 1, RETRY_BACKOFF_MS.length - 1)]!,
      };
    }
    return { kind: 'failed', row, error, at };
  }

  /** This round's jittered gap after a send (0 without pacing). */
  private gap(): number {
    const { minGapMs, maxGapMs } = this.deps.pacing;
    return minGapMs + Math.random() * Math.max(0, maxGapMs - minGapMs);
  }
}
