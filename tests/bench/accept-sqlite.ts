/**
 * The SQLite engine's share of an accepted sendMessage, alone: batches of 50 message rows and 50 API
 * log rows inserted with the server's own statements on the real schema (migrations, indexes, the
 * rollup trigger) through libsql's native statements, prepared once and reused, one transaction per
 * batch, as WAL with synchronous NORMAL like the server. The rows are built before the clock starts.
 * No HTTP, no client, no group commit: what no accept path can go below.
 * Run: npm run bench:accept-sqlite
 */
import Database from 'libsql';
import { openDb } from '../../db/open';
import { migrateDb } from '../../db/migrate';
import { LOG_INSERT } from '../../src/services/logs/write';
import { ACCEPT_INSERT } from '../../src/services/messages/accept';
import { uuidv7, waMessageId } from '../../src/shared/ids';
import { tempDbUrl } from './support';

const BATCH = 50;
const WARM_UP = 50;
const BATCHES = 400;

const url = tempDbUrl();
const migrated = await openDb(url);
await migrateDb(migrated);
migrated.$client.close();

/** Each batch's message rows and log rows, as the accept path and the API log bind them. */
function rows(): { messages: unknown[][]; logs: unknown[][] }[] {
  const body = { to_number: '905301234561', type: 'text', message: 'bench message' };
  return Array.from({ length: WARM_UP + BATCHES }, (_, b) => {
    const now = Date.now();
    const ids = Array.from({ length: BATCH }, () => uuidv7(now));
    return {
      messages: ids.map((id, i) => [
        id,
        'bench',
        1,
        '905301234561@c.us',
        waMessageId(),
        'text',
        JSON.stringify(body),
        `h${b}.${i}`,
        now,
        now,
      ]),
      logs: ids.map((id) => [
        'bench',
        1,
        'incoming',
        JSON.stringify({ path: '/api/bench/1/sendMessage', body, response: { success: true, data: { id } } }),
        now,
      ]),
    };
  });
}

/** Microseconds per request of inserting the batches (with their log rows or without). */
function run(withLog: boolean): number {
  const batches = rows();
  const db = new Database(url.replace(/^file:/, ''));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF');
  const message = db.prepare(ACCEPT_INSERT);
  const log = db.prepare(LOG_INSERT);
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  let start = 0;
  for (const [b, batch] of batches.entries()) {
    if (b === WARM_UP) start = performance.now();
    begin.run();
    for (const args of batch.messages) message.run(args);
    if (withLog) for (const args of batch.logs) log.run(args);
    commit.run();
  }
  const us = ((performance.now() - start) * 1000) / (BATCHES * BATCH);
  db.close();
  return us;
}

const messageOnly = run(false);
const both = run(true);
console.log(
  `SQLite alone, per accepted request (${BATCH} per transaction): ${both.toFixed(1)} µs ` +
    `(message row ${messageOnly.toFixed(1)} µs, log row ${(both - messageOnly).toFixed(1)} µs)`,
);
