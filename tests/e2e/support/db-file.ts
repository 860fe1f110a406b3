import { createClient, type InArgs, type ResultSet } from '@libsql/client';

/**
 * One statement on a running server's database file, from the test. The server writes the same file,
 * so the statement waits for its lock (busy_timeout) instead of failing with SQLITE_BUSY on a busy machine.
 */
export async function sqlOnFile(file: string, statement: string, args: InArgs = []): Promise<ResultSet> {
  const db = createClient({ url: `file:${file}` });
  try {
    await db.execute('PRAGMA busy_timeout = 10000');
    return await db.execute({ sql: statement, args });
  } finally {
    db.close();
  }
}
