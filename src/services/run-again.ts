import type { Bus, BusEvents } from './bus';

/** Stops a loop; resolves once the pass under way (if any) has finished. */
export type Stop = () => Promise<void>;

/** A loop on `runAgain`: its stop function, and what drives it from outside. */
export interface RunAgain {
  (): Promise<void>;
  /** Runs a pass now (or right after the one under way). */
  wake(): void;
  /** Runs a pass in `ms` (replacing an earlier `wakeIn` not yet due). */
  wakeIn(ms: number): void;
  /** A pass is under way. */
  readonly busy: boolean;
  /** A wake-up came since the pass under way started (another pass will follow it). */
  readonly wakePending: boolean;
  /** Forgets the wake-ups so far: the pass under way has seen everything they were about. */
  takeWakes(): void;
}

export interface RunAgainOptions {
  /** Time between two passes (absent: only when woken). */
  everyMs?: number;
  /** Time before the first pass (0: at once; absent: at once, unless only woken). */
  firstAfterMs?: number;
  /** No first pass of its own: the loop runs only when woken or on its interval. */
  idle?: boolean;
  /** A bus event that runs a pass at once, the bus it comes on, and optionally which of its events. */
  wakeOn?: { bus: Bus | undefined; topic: keyof BusEvents; when?: (e: never) => boolean };
  /** Logged (with the error) when a pass throws; the next pass runs as planned. */
  failMsg: string;
  log?: (entry: Record<string, unknown>) => void;
}

/**
 * The run-again primitive every loop runs on (the jobs, a phone's sender, the live feed): `pass`
 * every `everyMs` (the first after `firstAfterMs`), at once on the wake-up event or `wake()`, at a
 * chosen time with `wakeIn`, never two passes at a time. A wake-up during a pass, or a pass that
 * answers true (more is waiting), runs another right after it. Returns a stop function that waits
 * for the pass under way, with the controls above.
 */
export function runAgain(o: RunAgainOptions, pass: () => Promise<boolean | void>): RunAgain {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let later: ReturnType<typeof setTimeout> | undefined;
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
  const timer = o.everyMs ? setInterval(run, o.everyMs) : undefined;
  unref(timer);
  let first: ReturnType<typeof setTimeout> | undefined;
  if (o.firstAfterMs) {
    first = setTimeout(run, o.firstAfterMs);
    unref(first);
  }
  const when = o.wakeOn?.when as ((e: unknown) => boolean) | undefined;
  const off = o.wakeOn?.bus?.on(o.wakeOn.topic, when ? (e: unknown) => when(e) && run() : run);
  if (!o.firstAfterMs && !o.idle) run();
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    clearTimeout(later);
    off?.();
    await running;
  };
  // defineProperties, not Object.assign: the getters must stay getters.
  return Object.defineProperties(stop, {
    wake: { value: run },
    wakeIn: {
      value: (ms: number) => {
        clearTimeout(later);
        later = setTimeout(run, ms);
      },
    },
    busy: { get: () => running !== null },
    wakePending: { get: () => again },
    takeWakes: { value: () => void (again = false) },
  }) as RunAgain;
}

/** Lets the process exit with the timer pending (Node); the Worker's timers are plain numbers. */
function unref(timer: unknown): void {
  (timer as { unref?: () => void } | undefined)?.unref?.();
}
