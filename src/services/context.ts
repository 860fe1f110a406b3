import type { Db } from '../../db/client';
import type { Config } from '../config';
import type { Bus } from '../runner/bus';

/** What every service needs: the database, the configuration and the time. */
export interface ServiceCtx {
  db: Db;
  config: Config;
  now: () => number;
  /** In-process notifications to the runner; absent on Workers (runners poll). */
  bus?: Bus;
}
