import type { BusEvents } from '../runner/bus';
import type { ServiceCtx } from '../services/context';

const POLL_MS = 1_000;

/** What a polling job is given: the services, a log, and (in tests) a faster poll. */
export interface PollJobOptions {
  ctx: ServiceCtx;
  log?: (entry: Record<string, unknown>) => void;
  pollMs?: number;
}

/**
 * Runs `pass` every poll and at once when the bus raises `topic`, never two passes at a time: a
 * wake-up during a pass, or a pass that answers true (more is waiting), runs another. Returns a stop
 * function that waits for the pass under way.
 */
export function startPolling(o: PollJobOptions, topic: keyof BusEvents, failMsg: string, pass: () => Promise<boolean>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        if (await pass()) again = true;
      } while (again && !stopped);
    })()
      .catch((err: unknown) => o.log?.({ level: 'error', msg: failMsg, err: String(err) }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, o.pollMs ?? POLL_MS);
  timer.unref?.();
  const off = o.ctx.bus?.on(topic, run);
  run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    off?.();
    await running;
  };
}
