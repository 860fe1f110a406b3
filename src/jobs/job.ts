import type { ServiceCtx } from '../services/context';
import type { Stop } from '../services/run-again';

/** What every job is given: the services, a log, and (in tests) a faster poll. */
export interface JobOptions {
  ctx: ServiceCtx;
  log?: (entry: Record<string, unknown>) => void;
  pollMs?: number;
}

/** The one job signature: its options (plus the ports it calls) in, a stop function out (each job loops on `runAgain` of src/services/run-again.ts). */
export type Job<Ports extends object = object> = (o: JobOptions & Ports) => Stop;
