/**
 * `npm run db:migrate`: applies the pending migrations to the database in DATABASE_URL (with
 * DATABASE_AUTH_TOKEN for Turso/sqld). The Node server migrates its own database at start; the
 * Cloudflare Worker does not, so run this against the Worker's database before deploying.
 *
 *   DATABASE_URL=libsql://wapi-you.turso.io DATABASE_AUTH_TOKEN=… npm run db:migrate
 */
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError, parseConfig } from '../config';
import { runCli, withClient } from './run';
import { createDb, type Db } from '../../db/client';
import { migrateDb, MIGRATIONS_DIR } from '../../db/migrate';
import { displayUrl } from '../../db/open';
import { withDevSecretsKey } from '../adapters/secrets/dev-key';
import { createCaches } from '../services/cache';
import { plainSecretRows, sealStoredSecrets } from '../services/secrets/product-secrets';

async function applied(db: Db): Promise<number> {
  try {
    const rows = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM "__drizzle_migrations"`);
    return Number(rows[0]?.n ?? 0);
  } catch {
    return 0; // no journal table yet: nothing applied
  }
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set: point it at the database to migrate (libsql://…, https://… or file:…).');
    return 1;
  }
  let config;
  try {
    // SECRETS_KEY (the server's; a development file database's data/secrets.key) seals the rows below.
    config = withDevSecretsKey(
      parseConfig({
        DATABASE_URL: url,
        DATABASE_AUTH_TOKEN: process.env.DATABASE_AUTH_TOKEN,
        SECRETS_KEY: process.env.SECRETS_KEY,
        NODE_ENV: process.env.NODE_ENV,
      }),
    );
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (config.DATABASE_URL.startsWith('file:')) {
    mkdirSync(dirname(config.DATABASE_URL.slice('file:'.length).split('?')[0]!), { recursive: true });
  }
  const client = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  return withClient(
    client,
    async () => {
      const db = createDb(client);
      const target = displayUrl(config.DATABASE_URL);
      console.log(`Migrating ${target} with the migrations in ${MIGRATIONS_DIR}`);
      const before = await applied(db);
      await migrateDb(db);
      const after = await applied(db);
      const n = after - before;
      console.log(
        n > 0
          ? `Applied ${n} migration${n === 1 ? '' : 's'}; ${after} in total.`
          : `Already up to date (${after} migration${after === 1 ? '' : 's'} applied).`,
      );
      // SQL cannot encrypt: API tokens and webhook secrets of rows from before migration 0023 are sealed here.
      if (!config.SECRETS_KEY) {
        const plain = await plainSecretRows(db);
        if (plain > 0) {
          console.error(
            `${plain} product${plain === 1 ? '' : 's'} still hold an API token or webhook secret in plain text: run again with SECRETS_KEY set (the server's).`,
          );
          return 1;
        }
        return 0;
      }
      const sealed = await sealStoredSecrets({ db, config, cache: createCaches() });
      if (sealed > 0)
        console.log(`Sealed the API tokens and webhook secrets of ${sealed} product${sealed === 1 ? '' : 's'}.`);
      return 0;
    },
    (err) =>
      `Migration failed: ${err instanceof Error ? (err.cause instanceof Error ? `${err.message}\n  ${err.cause.message}` : err.message) : String(err)}`,
  );
}

runCli(main);
