/**
 * The Multi Number Checker's run (3-developer §4 "Multi check", §9): numbers are checked one at a
 * time, 1 s apart, in batches with the interval's wait between them. The run lives in storage (the
 * numbers once, one status character per row after every check), so a reload resumes at the first
 * unchecked row and waits out the rest of an interval. Statuses are one character per row, so the
 * run holds no object per number and saving after a check writes a short string.
 */
import { MULTI } from './phone-tools';

export type RowStatus = 'valid' | 'invalid' | 'error';
const MARK: Record<RowStatus, string> = { valid: '1', invalid: '2', error: '3' };

export interface RunConfig {
  phoneId: string;
  fileName: string | null;
  batchSize: number;
  intervalMin: number;
}

export interface RunState extends RunConfig {
  numbers: string[];
  /** One mark per checked row, in order: its length is the count of finished rows. */
  marks: string;
  valid: number;
  invalid: number;
  /** While waiting between batches: when the next batch starts. */
  waitUntil: number | null;
}

/** Where a run is kept between page loads (localStorage in the browser). */
export interface RunStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface RunDeps {
  check: (number: string) => Promise<RowStatus>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  store: RunStore;
  onChange?: (s: RunState) => void;
  /** Asked before every step; true stops the run where it is (it stays resumable). */
  stopped?: () => boolean;
}

const KEY = 'wapi.multiCheck';

/** A new run over the numbers. */
export function newRun(config: RunConfig, numbers: string[]): RunState {
  return { ...config, numbers, marks: '', valid: 0, invalid: 0, waitUntil: null };
}

function saveStatuses(store: RunStore, s: RunState): void {
  store.setItem(`${KEY}.statuses`, s.marks);
  store.setItem(`${KEY}.wait`, s.waitUntil === null ? '' : String(s.waitUntil));
}

/** Keeps the run (numbers and settings once, then statuses as they come). */
export function saveRun(store: RunStore, s: RunState): void {
  const { phoneId, fileName, batchSize, intervalMin, numbers } = s;
  store.setItem(KEY, JSON.stringify({ phoneId, fileName, batchSize, intervalMin, numbers }));
  saveStatuses(store, s);
}

/** The unfinished run kept by an earlier page load, if any. */
export function loadRun(store: RunStore): RunState | null {
  try {
    const raw = store.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as RunConfig & { numbers: string[] };
    const s = newRun(saved, saved.numbers);
    s.marks = (store.getItem(`${KEY}.statuses`) ?? '').slice(0, s.numbers.length);
    for (const m of s.marks) {
      if (m === MARK.valid) s.valid++;
      else s.invalid++;
    }
    const wait = Number(store.getItem(`${KEY}.wait`) || NaN);
    s.waitUntil = Number.isFinite(wait) ? wait : null;
    return s;
  } catch {
    return null;
  }
}

/** Forgets the kept run. */
export function clearRun(store: RunStore): void {
  for (const k of [KEY, `${KEY}.statuses`, `${KEY}.wait`]) store.removeItem(k);
}

/** The status of a row. */
export function statusAt(s: RunState, i: number): RowStatus | 'pending' {
  const m = s.marks[i];
  return m === MARK.valid ? 'valid' : m === MARK.invalid ? 'invalid' : m === MARK.error ? 'error' : 'pending';
}

/** Runs (or resumes) until every row is checked or `stopped()`; true when finished. */
export async function runChecks(s: RunState, deps: RunDeps): Promise<boolean> {
  const emit = () => deps.onChange?.(s);
  while (s.marks.length < s.numbers.length) {
    if (deps.stopped?.()) return false;
    if (s.waitUntil !== null) {
      const left = s.waitUntil - deps.now();
      if (left > 0) {
        await deps.sleep(Math.min(left, 1_000));
        emit();
        continue;
      }
      s.waitUntil = null;
    }
    const i = s.marks.length;
    if (i > 0 && i % s.batchSize !== 0) await deps.sleep(MULTI.checkGapMs);
    const status = await deps.check(s.numbers[i]!).catch((): RowStatus => 'error');
    s.marks += MARK[status];
    if (status === 'valid') s.valid++;
    else s.invalid++;
    const done = s.marks.length;
    if (done % s.batchSize === 0 && done < s.numbers.length) s.waitUntil = deps.now() + s.intervalMin * 60_000;
    saveStatuses(deps.store, s);
    emit();
  }
  return true;
}
