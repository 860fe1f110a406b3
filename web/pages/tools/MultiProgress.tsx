import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ProgressBar } from '../../components/ProgressBar';
import type { RunState } from '../../lib/multi-check';
import { countdown, TOOLS_MSG } from '../../lib/phone-tools';
import { downloadResults } from '../../stores/multi-check';
import { showToast } from '../../stores/toasts';

/** n of total as a ring. */
function Ring({ done, total }: { done: number; total: number }) {
  const r = 52;
  const c = 2 * Math.PI * r;
  const share = total ? done / total : 0;
  return (
    <div
      className="w-pt-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-label="Numbers checked"
    >
      <svg className="w-pt-ring" viewBox="0 0 120 120" aria-hidden="true">
        <circle cx="60" cy="60" r={r} fill="none" stroke="var(--color-border)" strokeWidth="10" />
        <circle
          cx="60"
          cy="60"
          r={r}
          fill="none"
          stroke="var(--color-brand)"
          strokeWidth="10"
          strokeDasharray={`${c * share} ${c}`}
          transform="rotate(-90 60 60)"
        />
        <text x="60" y="66" textAnchor="middle" fontSize="18" fill="currentColor">
          {done}/{total}
        </text>
      </svg>
    </div>
  );
}

/**
 * Re-renders every second while `until` is set. The time is read at each render, not kept from the
 * last tick: a clock kept since the page opened ran slow by the batch's own length, so a one-minute
 * wait started at 1:03.
 */
function useTicks(until: number | null): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const t = setInterval(() => setTick((n) => n + 1), 1_000);
    return () => clearInterval(t);
  }, [until]);
}

/** What the waiting banner counts down: never more than the interval itself. */
function waitLeft(waitUntil: number | null, intervalMs: number, now = Date.now()): number {
  return waitUntil === null ? 0 : Math.min(intervalMs, Math.max(0, waitUntil - now));
}

/** Process and Results: progress, the waiting banner between batches, the result cards. */
export function MultiProgress({ run, onAgain }: { run: RunState; onAgain: () => void }) {
  useTicks(run.waitUntil);
  const done = run.marks.length;
  const total = run.numbers.length;
  const waitMs = run.intervalMin * 60_000;
  const left = waitLeft(run.waitUntil, waitMs);
  const all = () => (done ? void downloadResults(run, 'all') : showToast(TOOLS_MSG.noResults, 'error'));
  const card = (title: string, count: number, which: 'valid' | 'invalid') => (
    <Card title={title}>
      <p className="w-pt-count">{count}</p>
      <div className="w-pt-row">
        <Button variant="secondary" disabled={!count} onClick={() => void downloadResults(run, which)}>
          Download result
        </Button>
        <Button variant="secondary" disabled={!done} onClick={all}>
          Download All Results
        </Button>
        <Button variant="ghost" onClick={onAgain}>
          Run a new check
        </Button>
      </div>
    </Card>
  );
  return (
    <div className="w-pt">
      <Ring done={done} total={total} />
      {run.waitUntil !== null && left > 0 && (
        <Alert tone="info">
          <strong>{TOOLS_MSG.waitingBanner}</strong> <span className="w-mono">{countdown(left)}</span>
          <ProgressBar value={Math.round(((waitMs - left) / waitMs) * 100)} label="Time until the next batch" />
        </Alert>
      )}
      <div className="w-pt-results">
        {card('Valid Numbers', run.valid, 'valid')}
        {card('Not Valid Numbers', run.invalid, 'invalid')}
      </div>
    </div>
  );
}
