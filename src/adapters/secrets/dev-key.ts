import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../../config';

/** The folder of a file database (`file:data/wapi.db` → `data`); `data` for remote or in-memory ones. */
function dataFolder(databaseUrl: string): string {
  return databaseUrl.startsWith('file:') ? dirname(databaseUrl.slice('file:'.length)) : 'data';
}

/**
 * Outside production a missing SECRETS_KEY is made once and kept in the data folder, so sealed
 * credentials survive restarts and the web process and a runner on the same machine share it.
 * Production never gets one silently: there integrations answer that SECRETS_KEY is not set.
 */
export function withDevSecretsKey(config: Config): Config {
  if (config.SECRETS_KEY || !config.dev || config.DATABASE_URL === ':memory:') return config;
  const file = join(dataFolder(config.DATABASE_URL), 'secrets.key');
  try {
    mkdirSync(dirname(file), { recursive: true });
    // `wx`: a process starting at the same moment keeps the key the first one wrote.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return { ...config, SECRETS_KEY: readFileSync(file, 'utf8').trim() };
}
