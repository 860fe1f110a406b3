/**
 * `npm run admin -- grant <email> admin|limited|none`: sets a user's staff role from the command
 * line (the only way besides an admin's own call; a user's settings never can). Uses the database
 * in DATABASE_URL, or the server's default file. The change is written to the staff audit log.
 */
import { createClient } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ApiError } from '../errors';
import { ConfigError, parseConfig } from '../config';
import { createCaches } from '../services/cache';
import { grantStaff, type Grant } from '../services/staff/grant';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';

const USAGE = 'Usage: npm run admin -- grant <email> admin|limited|none';
const GRANTS: readonly string[] = ['admin', 'limited', 'none'];

async function main(argv: string[]): Promise<number> {
  const [verb, email, grant] = argv;
  if (verb !== 'grant' || !email || !grant || !GRANTS.includes(grant)) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = parseConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  if (config.DATABASE_URL.startsWith('file:'))
    mkdirSync(dirname(config.DATABASE_URL.slice('file:'.length).split('?')[0]!), { recursive: true });
  const client = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  try {
    const db = createDb(client);
    await migrateDb(db);
    await grantStaff({ db, config, now: Date.now, cache: createCaches() }, null, email, grant as Grant);
    console.log(
      `${email.trim().toLowerCase()} is now ${grant === 'none' ? 'a customer' : grant === 'admin' ? 'an admin' : 'a limited agent'}.`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    console.error(`${err.message}: no account has the e-mail ${email}.`);
    return 1;
  } finally {
    client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
