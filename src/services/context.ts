import type { Db } from '../../db/client';
import type { Config } from '../config';

/** What every service needs: the database, the configuration and the time. */
export interface ServiceCtx {
  db: Db;
  config: Config;
  now: () => number;
}
