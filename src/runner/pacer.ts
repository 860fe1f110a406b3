/**
 * The pace of one phone's concurrent sends (official numbers): evenly spaced slots at a share of the
 * rate the network allows (the number's tier), and an adaptive back-off when the network keeps saying
 * too fast. A few "too fast" answers are arrival jitter at the tier's edge (a stalled event loop here or
 * there bunches a second's sends): each costs one retried message, and cutting the pace would cost far
 * more. When they pass a share of the last second's sends, the network holds the number below the pace:
 * the rate drops by a quarter and the sends pause a moment, then it climbs back by a tenth of the tier a
 * second (AIMD), settling under the limit the network keeps.
 */

/** The share of the tier paced to: a little under, so arrival jitter stays under Meta's limit. */
const PACE_SHARE = 0.95;
/** At most this share of the tier starts in any second (the bucket's bursts included). */
const WINDOW_SHARE = 0.95;
/** After a cut, no send for this long. */
const BACKOFF_PAUSE_MS = 200;
/** "Too fast" answers in the last second past this share of its sends (and past `CUT_MIN`) cut the rate. */
const CUT_SHARE = 0.1;
const CUT_MIN = 3;
/** Answers of sends in flight when it was cut say the same: one cut in this long. */
const CUT_EVERY_MS = 1_000;
/** What a back-off leaves of the rate. */
const BACKOFF_KEEP = 0.75;
/** After a back-off, the rate climbs by this share of the ceiling each second. */
const RECOVERY_PER_S = 0.1;
/**
 * Slots a late sender may still use (a token bucket this deep): a round that took longer than the
 * gap between slots does not lose them, and a second's count stays under the tier.
 */
const BURST_MS = 100;
/** The most sends in flight at once, and the fewest the tier allows. */
const MAX_IN_FLIGHT = 400;
const MIN_IN_FLIGHT = 4;

export class Pacer {
  /** When the next slot is free. */
  private next = -Infinity;
  /** When the last sends left, in order (from `head`): no more than the window's share of the tier in a second. */
  private readonly starts: number[] = [];
  private head = 0;
  /** The rate after the last back-off, and when it was cut (none yet: -Infinity). */
  private floor = 0;
  private cutAt = -Infinity;
  /** When the network said too fast, within the last second. */
  private readonly refusals: number[] = [];

  constructor(
    /** Messages a second the network allows now. */
    private readonly ceiling: () => number,
    private readonly now: () => number,
  ) {}

  /** Messages a second paced to now: the tier's share, or less while climbing back after a back-off. */
  rate(): number {
    const top = Math.max(1, this.ceiling() * PACE_SHARE);
    const since = this.now() - this.cutAt;
    if (since === Infinity) return top;
    return Math.min(top, this.floor + (since / 1000) * RECOVERY_PER_S * this.ceiling());
  }

  /** Sends in flight at most: about half a second of the tier (a send takes Meta 100-300 ms). */
  get inFlight(): number {
    return Math.min(MAX_IN_FLIGHT, Math.max(MIN_IN_FLIGHT, Math.ceil(this.ceiling() / 2)));
  }

  /** Slots free within `ms` from now (what a claim may take without rows waiting long in 'sending'). */
  ahead(ms: number): number {
    const now = this.now();
    const from = Math.max(now - BURST_MS, this.next);
    return Math.max(0, Math.floor(((now + ms - from) * this.rate()) / 1000) + (from <= now ? 1 : 0));
  }

  /** When the next slot is free (ms). */
  get nextAt(): number {
    return Math.max(this.now(), this.next);
  }

  /** Takes the next slot: how long to wait for it (ms). */
  reserve(): number {
    const now = this.now();
    const at = Math.max(now - BURST_MS, this.next);
    this.next = at + 1000 / this.rate();
    return Math.max(0, at - now);
  }

  /**
   * A send about to leave (at its slot, by a timer that may have fired late with others): 0 when it
   * may go now (counted), else how long until the last second's count leaves room for it.
   */
  admit(): number {
    const now = this.now();
    while (this.head < this.starts.length && this.starts[this.head]! <= now - 1000) this.head++;
    if (this.head > 4096) {
      this.starts.splice(0, this.head);
      this.head = 0;
    }
    const cap = Math.max(1, Math.floor(this.ceiling() * WINDOW_SHARE));
    if (this.starts.length - this.head >= cap) return Math.max(1, this.starts[this.starts.length - cap]! + 1000 - now);
    this.starts.push(now);
    return 0;
  }

  /**
   * The network said too fast for a send. Past a share of the last second's sends (not jitter), cut
   * the rate by a quarter and pause; answers to the sends already in flight when it was cut say the
   * same about the same moment: one cut a second.
   */
  backOff(): void {
    const now = this.now();
    this.refusals.push(now);
    while (this.refusals.length && this.refusals[0]! <= now - 1000) this.refusals.shift();
    const sent = this.starts.length - this.head;
    if (this.refusals.length <= Math.max(CUT_MIN, sent * CUT_SHARE)) return;
    if (now - this.cutAt < CUT_EVERY_MS) return;
    this.floor = Math.max(1, this.rate() * BACKOFF_KEEP);
    this.cutAt = now;
    this.refusals.length = 0;
    this.next = Math.max(this.next, now + BACKOFF_PAUSE_MS);
  }
}
