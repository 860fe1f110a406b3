import type { MessageRow } from '../../db/schema';
import { EngineError } from '../engines/types';
import { handOffQuery, type Outcome } from '../services/messages/send-queue';
import { Pacer } from './pacer';
import { HELD_RECHECK_MS, PhoneSender, ROUND_RETRY_MS, ROUND_WAIT_MS, type SenderDeps } from './sender';

/** A claim takes the slots free within this long: claimed rows do not wait long in 'sending'. */
const CLAIM_AHEAD_MS = 100;
/** How long a stop waits for the sends in flight to come back (their outcomes are written then). */
const STOP_WAIT_MS = 5_000;

/**
 * The sender of an engine with `concurrentSends` (official numbers): several messages in flight at
 * once, one per chat, paced to the rate the session reports (the number's tier) with a back-off when
 * the network answers too fast (a number-wide rate limit) and a retry of the chat alone when it is
 * the recipient that was messaged too often (its later messages wait behind it, as a retry holds a chat).
 *
 * The crash rule: a row is claimed ('sending', in the database) ahead of its slot, marked not handed
 * over, and handed off (`handOver`, one statement that the moment's hand-offs share) as its engine
 * call starts. A crash leaves for `recoverInterrupted` the claimed rows, which go back to the queue,
 * and the handed ones, the sends in flight, which the engine settles or, when it cannot tell, fail:
 * none is sent twice and only the in-flight set can fail. Rounds stay one round trip each through the
 * runner's group commit: a round writes the outcomes of the sends that came back and claims the slots
 * the pace frees next, leaving out the chats that have a message in flight.
 */
export class ConcurrentSender extends PhoneSender {
  private readonly pacer: Pacer;
  /** Per chat, the last of its claimed rows in flight: resolves true when the chat may go on. */
  private readonly chains = new Map<string, Promise<boolean>>();
  /** Claimed rows not yet come back. */
  private flying = 0;
  /** Outcomes of the sends that came back, for the next round. */
  private readonly finished: Outcome[] = [];

  constructor(
    deps: SenderDeps,
    /** Messages a second the number may send now (the session's `sendRate`). */
    rate: () => number,
  ) {
    super(deps);
    this.pacer = new Pacer(rate, deps.now);
  }

  /** Sends in flight now (tests and the bench read it). */
  get inFlight(): number {
    return this.flying;
  }

  override stop(): Promise<void> {
    super.stop();
    // What comes back after the stop is written by this last round (the loop runs no more).
    const chains = Promise.allSettled([...this.chains.values()]);
    const timeout = new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS));
    return Promise.race([chains, timeout]).then(async () => {
      const done = this.finished.splice(0);
      if (done.length) await this.round(done, false).catch(() => this.unsettled.push(...done));
    });
  }

  protected override async loop(): Promise<void> {
    let done: Outcome[] = [...this.unsettled.splice(0), ...this.finished.splice(0)];
    try {
      for (;;) {
        const go = !this.stopped && this.active;
        const room = go ? Math.min(this.pacer.inFlight - this.flying, this.pacer.ahead(CLAIM_AHEAD_MS)) : 0;
        if (room <= 0) {
          if (done.length) await this.round(done, false);
          // Slots free but not yet due: look again when the pace allows; else a send coming back wakes it.
          if (go && this.flying < this.pacer.inFlight) this.later(Math.max(1, this.pacer.nextAt - this.deps.now()));
          return;
        }
        const { claimed, due } = await this.round(done, room, ROUND_WAIT_MS, [...this.chains.keys()]);
        done = [];
        for (const row of claimed) this.launch(row);
        const now = this.deps.now();
        if (claimed.length === 0) {
          // Due rows but none claimable outside the busy chats: ban protection holds them.
          const held = due !== null && due <= now && this.flying === 0;
          if (due !== null && (held || due > now)) this.later(held ? HELD_RECHECK_MS : Math.max(1, due - now));
          if (held) await this.deps.onHeld?.();
          return;
        }
        if (claimed.length < room && !this.runs.wakePending) {
          // All that may go now is on its way: the sends coming back wake the loop; a retry when due.
          if (due !== null && due > now) this.later(Math.max(1, due - now));
          return;
        }
        done = this.finished.splice(0);
      }
    } catch (err) {
      this.unsettled.push(...done);
      this.later(ROUND_RETRY_MS);
      throw err;
    }
  }

  /** Sends a claimed row after its chat's earlier ones (a claim can take two of one chat). */
  private launch(row: MessageRow): void {
    const chat = row.chatId;
    const before = this.chains.get(chat) ?? Promise.resolve(true);
    this.flying++;
    const run = before.then(async (goOn) => {
      const o: Outcome = goOn ? await this.sendOne(row) : { kind: 'release', row, at: this.deps.now() };
      this.finished.push(o);
      // A retry (or a row not tried) holds the chat's later rows: they are released, not sent out of order.
      return o.kind === 'sent' || o.kind === 'failed';
    });
    this.chains.set(chat, run);
    void run.finally(() => {
      this.flying--;
      if (this.chains.get(chat) === run) this.chains.delete(chat);
      this.runs.wake();
    });
  }

  /** Claimed rows wait for their slot unmarked: each is handed off as its engine call starts. */
  protected override get handOff(): 'send' {
    return 'send';
  }

  /**
   * Records that the row goes to the engine now (through the group commit: the hand-offs of one
   * moment share a round trip). False when it did not take (the lease is lost) or the database did
   * not answer: the row is not sent, and stays for the phone's holder (or the next round) to queue again.
   */
  private async handOver(row: MessageRow): Promise<boolean> {
    const { db, batch, now } = this.deps;
    const stmt = handOffQuery(db, row.seq, now(), this.holds());
    try {
      const [res] = batch ? await batch.run([stmt]) : [await stmt];
      return ((res as { rowsAffected?: number } | undefined)?.rowsAffected ?? 0) > 0;
    } catch {
      return false;
    }
  }

  /** One send at its slot of the pace; the outcome for the next round. */
  private async sendOne(row: MessageRow): Promise<Outcome> {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      // The content first: the send leaves at its slot, not a database read or a download after it
      // (what lands at Meta bunched past the tier's second answers 130429).
      const { content, quoted } = await this.deps.resolve(row);
      const wait = this.pacer.reserve();
      if (wait > 0) await sleep(wait);
      // Timers that fired late together must not make a burst past the tier's second.
      for (let more = this.pacer.admit(); more > 0; more = this.pacer.admit()) await sleep(more);
      if (this.stopped || !this.active) return { kind: 'release', row, at: this.deps.now() };
      if (!(await this.handOver(row))) return { kind: 'release', row, at: this.deps.now() };
      const res = await this.deps.session.send(row.chatId, content, {
        waId: row.waId,
        ...(quoted ? { quoted } : {}),
      });
      return { kind: 'sent', row, chatId: res.chatId, at: this.deps.now() };
    } catch (err) {
      // Too fast for the number: the whole pace backs off; the recipient messaged too often (scope
      // 'chat'): only this chat waits, through the retry's backoff.
      if (err instanceof EngineError && err.code === 'RATE_LIMITED' && err.scope === 'phone') this.pacer.backOff();
      const o = this.outcomeOf(row, err);
      if (o.kind === 'release') this.active = false;
      return o;
    }
  }
}
