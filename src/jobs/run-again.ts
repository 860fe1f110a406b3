import type { Bus, BusEvents } from '../services/bus';
import type { ServiceCtx } from '../services/context';

/** Stops a job; resolves once the pass under way (if any) has finished. */
export type Stop = () => Promise<void>;

/** What every job is given: the services, a log, and (in tests) a faster poll. */
export interface JobOptions {
  ctx: ServiceCtx;
  log?: (entry: Record<string, unknown>) => void;
  pollMs?: number;
}

/** The one job signature: its options (plus the ports it calls) in, a stop function out. */
export type Job<Ports extends object = object> = (o: JobOptions & Ports) => Stop;

export interface RunAgainOptions {
  /** Time between two passes. */
  everyMs: number;
  /** Time before the first pass (0: at once). */
  firstAfterMs?: number;
  /** A bus event that runs a pass at once, and the bus it comes on. */
  wakeOn?: { bus: Bus | undefined; topic: keyof BusEvents };
  /** Logged (with the error) when a pass throws; the next pass runs as planned. */
  failMsg: string;
  log?: (entry: Record<string, unknown>) => void;
}

/**
 * The run-again primitive every job runs on: `pass` every `everyMs` (the first after `firstAfterMs`)
 * and at once on the wake-up event, never two passes at a time. A wake-up during a pass, or a pass
 * that answers true (more is waiting), runs another right after it. Returns a stop function that
 * waits for the pass under way.
 */
export function runAgain(o: RunAgainOptions, pass: () => Promise<boolean | void>): Stop {
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
        if ((await pass()) === true) again = true;
      } while (again && !stopped);
    })()
      .catch((err: unknown) => o.log?.({ level: 'error', msg: o.failMsg, err: String(err) }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, o.everyMs);
  timer.unref?.();
  let first: ReturnType<typeof setTimeout> | undefined;
  if (o.firstAfterMs) {
    first = setTimeout(run, o.firstAfterMs);
    first.unref?.();
  }
  const off = o.wakeOn?.bus?.on(o.wakeOn.topic, run);
  if (!o.firstAfterMs) run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    off?.();
    await running;
  };
}
