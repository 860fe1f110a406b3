import type { SessionEvents } from '../types';

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
