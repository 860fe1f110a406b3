import type { SessionEvents } from '../types';

/** How fast the simulated world moves. Tests shorten these. */
export interface SimTimings {
  /** From a scan (or a restart with a stored link) to active. */
  connectMs: number;
  /** A new QR string this often while the QR shows. */
  qrRotateMs: number;
  /** QR (or pairing) shown this long without a scan: the phone goes idle. */
  qrIdleMs: number;
  /** A dropped connection comes back after this long. */
  reconnectMs: number;
  /** Delays of the acks delivered (1), reached (2), seen (3). */
  ackDelaysMs: readonly [number, number, number];
  /** Echo numbers answer after this long. */
  replyMs: number;
}

export const DEFAULT_SIM_TIMINGS: SimTimings = {
  connectMs: 400,
  qrRotateMs: 30_000,
  qrIdleMs: 180_000,
  reconnectMs: 3_000,
  ackDelaysMs: [50, 200, 800],
  replyMs: 800,
};

/** A simulated session's pending callbacks: skipped once the session stopped, failures written to its log. */
export class SimTimers {
  private readonly pending = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly stopped: () => boolean,
    private readonly log: NonNullable<SessionEvents['log']>,
  ) {}

  /** Runs `fn` after `ms` unless the session stopped by then. */
  later(ms: number, fn: () => unknown): void {
    const t = setTimeout(() => {
      this.pending.delete(t);
      if (this.stopped()) return;
      Promise.resolve()
        .then(fn)
        .catch((err: unknown) => this.log({ level: 'error', msg: 'simulator timer failed', err: String(err) }));
    }, ms);
    this.pending.add(t);
  }

  /** Cancels every pending callback. */
  clear(): void {
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
  }
}
