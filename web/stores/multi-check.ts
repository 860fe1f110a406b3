/**
 * The Multi Number Checker's run (3-developer §2.11 item 6): driven from the page, kept in
 * localStorage so that a reload resumes it, and its result files.
 */
import { atom } from 'nanostores';
import type { z } from 'zod';
import type { numberStatusResponse } from '../../src/shared/schemas/messaging/answers';
import { resultFile } from '../lib/check-files';
import { saveFile } from '../lib/developers';
import { msgGet } from '../lib/messaging-api';
import {
  clearRun,
  loadRun,
  newRun,
  runChecks,
  saveRun,
  statusAt,
  type RowStatus,
  type RunConfig,
  type RunState,
  type RunStore,
} from '../lib/multi-check';
import { allResultsName, MULTI_TOAST_MS, RESULT_FILES, TOOLS_MSG } from '../lib/phone-tools';
import { showToast } from './toasts';

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** One check of the multi checker: a failed check counts as not valid with status error. */
async function checkOne(phoneId: string, number: string): Promise<RowStatus> {
  const res = await msgGet<z.infer<typeof numberStatusResponse>>(`/${phoneId}/checknumberstatus?number=${number}@c.us`);
  return res.data.result.status === 200 ? 'valid' : 'invalid';
}

/** The multi checker's run; null before one starts. A change makes a new object, so pages re-render. */
export const $run = atom<RunState | null>(null);
// Each drive has its number; stopping or starting another makes older drives stop at their next step.
let generation = 0;

const storage = (): RunStore => window.localStorage;

/** Reads the unfinished run of an earlier page load and resumes it. */
export function resumeMultiCheck(): boolean {
  const kept = loadRun(storage());
  if (!kept || kept.marks.length >= kept.numbers.length) return false;
  void drive(kept);
  return true;
}

/** Starts a run over the numbers. */
export function startMultiCheck(config: RunConfig, numbers: string[]): void {
  const run = newRun(config, numbers);
  saveRun(storage(), run);
  void drive(run);
}

/** Stops a run where it is (leaving the page). */
export function stopMultiCheck(): void {
  generation++;
}

/** Forgets the finished run ('Run a new check'). */
export function forgetMultiCheck(): void {
  clearRun(storage());
}

async function drive(run: RunState): Promise<void> {
  const mine = ++generation;
  $run.set({ ...run });
  const finished = await runChecks(run, {
    check: (n) => checkOne(run.phoneId, n),
    now: Date.now,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    store: storage(),
    onChange: (s) => $run.set({ ...s }),
    stopped: () => mine !== generation,
  });
  if (!finished) return;
  $run.set({ ...run });
  showToast(TOOLS_MSG.allChecked, 'success', MULTI_TOAST_MS);
}

/** Saves a result file of the run: the valid rows, the others, or all (3-developer §9 file names). */
export async function downloadResults(run: RunState, which: 'valid' | 'invalid' | 'all'): Promise<void> {
  try {
    const rows = function* (): Generator<[string, boolean]> {
      for (let i = 0; i < run.marks.length; i++) {
        const valid = statusAt(run, i) === 'valid';
        if (which === 'all' || valid === (which === 'valid')) yield [run.numbers[i]!, valid];
      }
    };
    const name = which === 'all' ? allResultsName(run.fileName) : RESULT_FILES[which];
    saveFile(name, await resultFile(rows()));
    showToast(TOOLS_MSG.downloaded, 'success', MULTI_TOAST_MS);
  } catch (e) {
    showToast(TOOLS_MSG.downloadError(reason(e)), 'error', MULTI_TOAST_MS);
  }
}
