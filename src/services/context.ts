import type { Db } from '../../db/client';
import type { Config } from '../config';
import type { Bus } from './bus';
import type { Caches } from './cache';
import type { UnitOfWork } from './unit-of-work';

/** What every service needs: the database, the configuration, the time and this process's caches. */
export interface ServiceCtx {
  db: Db;
  config: Config;
  now: () => number;
  /** What this process keeps of the database; expires by `now` (see services/cache.ts). */
  cache: Caches;
  // `billing?: BillingProviders` is declared beside the port (services/billing/port.ts), so this file needs no import of it.
  /** In-process notifications to the runner; absent on Workers (runners poll). */
  bus?: Bus;
  /** Nudges the runner of another process that holds a phone (signed; its poll is the fallback). */
  nudge?: (phoneId: number) => void;
  /** Within a request: the writes its answer waits for (see unit-of-work.ts). */
  work?: UnitOfWork;
}
