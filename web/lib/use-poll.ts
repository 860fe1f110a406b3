import { useEffect, useRef } from 'react';

/**
 * Calls `tick` every `ms` while `on` and the page is visible (a hidden tab asks nothing), and once
 * at once when the page becomes visible again. One call at a time: the next waits for the last.
 */
export function usePoll(tick: () => Promise<unknown>, ms: number, on: boolean): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!on) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && document.visibilityState === 'visible') timer = setTimeout(run, ms);
    };
    const run = () => void latest.current().then(schedule, schedule);
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
      else clearTimeout(timer);
    };
    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [ms, on]);
}
