/**
 * The SQLite engine's share of an accepted sendMessage, alone: batches of 50 message rows and 50 API
 * log rows inserted on the real schema (migrations, indexes, the rollup trigger) through libsql's
 * native statements, prepared once and reused, one transaction per batch, as WAL with synchronous
 * NORMAL like the server. No HTTP, no client, no group commit: what no accept path can go below.
 * Run: npm run bench:accept-sqlite
 */
import Database from 'libsql';
import { openDb } from '../../db/open';
import { migrateDb } from '../../db/migrate';
import { uuidv7, waMessageId } from '../../src/shared/ids';
import { tempDbUrl } from './support';

const MESSAGE =
  'insert into messages (id, pid, phone_id, direction, chat_id, wa_id, type, body, status, content_hash, ack, ' +
  "attempts, next_attempt_at, created_at, updated_at) values (?, ?, ?, 'out', ?, ?, ?, ?, 'queued', ?, 0, 0, 0, ?, ?)";
const LOG = 'insert into logs (pid, phone_id, type, data, created_at) values (?, ?, ?, ?, ?)';
const BATCH = 50;
const BATCHES = 400;

const url = tempDbUrl();
const migrated = await openDb(url);
await migrateDb(migrated);
migrated.$client.close();

function run(withLog: boolean): number {
  const db = new Database(url.replace(/^file:/, ''));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF');
  const message = db.prepare(MESSAGE);
  const log = db.prepare(LOG);
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const body = { to_number: '905301234561', type: 'text', message: 'bench message' };
  let start = 0;
  for (let b = 0; b < BATCHES + 50; b++) {
    if (b === 50) start = performance.now();
    const now = Date.now();
    begin.run();
    for (let i = 0; i < BATCH; i++) {
      const id = uuidv7(now);
      const text = JSON.stringify(body);
      message.run([id, 'bench', 1, '905301234561@c.us', waMessageId(), 'text', text, `h${b}.${i}`, now, now]);
      if (withLog) {
        const data = { path: '/api/bench/1/sendMessage', body, response: { success: true, data: { id } } };
        log.run(['bench', 1, 'incoming', JSON.stringify(data), now]);
      }
    }
    commit.run();
  }
  db.close();
  return ((performance.now() - start) * 1000) / (BATCHES * BATCH);
}

const messageOnly = run(false);
const both = run(true);
console.log(
  `SQLite alone, per accepted request (${BATCH} per transaction): ${both.toFixed(1)} µs ` +
    `(message row ${messageOnly.toFixed(1)} µs, log row ${(both - messageOnly).toFixed(1)} µs)`,
);
