import { createClient, type Client } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/services/auth/crypto';
import { PENDING_CLAIM_MS } from '../../src/services/messages/idempotency';
import { sendMessageSchema } from '../../src/shared/schemas/messaging/send';
import { HttpCustomer, until } from './support/http-api';
import { freshDbFile, startServer, type RunningServer } from './support/server';

const CONCURRENCY = 40;
/** Kill once this many keyed calls were answered, with more in flight. */
const KILL_AFTER = 150;

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

interface Attempt {
  key: string;
  body: { to_number: string; message: string; skip_filter: true };
  /** The msgId answered before the SIGKILL. */
  answered?: string;
}

async function send(
  server: RunningServer,
  user: HttpCustomer,
  phone: number,
  a: Attempt,
  signal?: AbortSignal,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/api/${user.pid}/${phone}/sendMessage`, {
    method: 'POST',
    signal,
    headers: { 'x-api-key': user.token, 'content-type': 'application/json', 'idempotency-key': a.key },
    body: JSON.stringify(a.body),
  });
  return { status: res.status, body: await res.json() };
}

function openDb(dbFile: string): Client {
  return createClient({ url: `file:${dbFile}`, timeout: 10_000 });
}

async function rows(dbFile: string, sql: string) {
  const db = openDb(dbFile);
  try {
    return (await db.execute(sql)).rows;
  } finally {
    db.close();
  }
}

describe('Idempotency-Key across a crash', () => {
  it('answers the first msgId for a message accepted before a SIGKILL and accepts one that was not exactly once', async () => {
    const dbFile = freshDbFile();
    let server = await startServer({}, { dbFile });
    stops.push(() => server.stop('SIGKILL'));
    const user = await new HttpCustomer(server.url).register();
    const phone = (await user.post<{ id: number }>('/addPhone', {})).body.id;

    const attempts: Attempt[] = [];
    const attempt = (key: string, message: string): Attempt => {
      const a: Attempt = { key, body: { to_number: '905301234562', message, skip_filter: true } };
      attempts.push(a);
      return a;
    };
    let answered = 0;
    let killing = false;
    let killed = false;
    let blocked: Attempt | undefined;
    let lost: Attempt | undefined;
    const killWithOneBlocked = async () => {
      const lock = openDb(dbFile);
      try {
        // Case (a) for certain: a message accepted whose answer the client never reads (it hangs up).
        lost = attempt('k-lost', 'accepted, answer lost');
        const hangUp = new AbortController();
        const lostCall = send(server, user, phone, lost, hangUp.signal).catch(() => undefined);
        await until(
          async () =>
            (await rows(dbFile, "select 1 from idempotency_keys where key = 'k-lost' and state = 'done'")).length,
          10_000,
          'k-lost to commit',
        );
        hangUp.abort();
        await lostCall;
        // Case (b) for certain: this test holds SQLite's write lock, so the request below (and any other
        // still in flight) cannot commit its message before the kill.
        const tx = await lock.transaction('write');
        blocked = attempt('k-blocked', 'blocked by the lock');
        const pending = send(server, user, phone, blocked).then(
          () => 'answered',
          () => 'unanswered',
        );
        await new Promise((r) => setTimeout(r, 500));
        killed = true;
        await server.stop('SIGKILL');
        expect(await pending).toBe('unanswered');
        await tx.rollback();
      } finally {
        killed = true;
        await server.stop('SIGKILL');
        lock.close();
      }
    };
    let kill: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, w) => {
        for (let i = 0; !killed; i++) {
          const a = attempt(`k-${w}-${i}`, `keyed ${w}-${i}`);
          let res: Awaited<ReturnType<typeof send>>;
          try {
            res = await send(server, user, phone, a);
          } catch {
            return; // the server is gone
          }
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          a.answered = res.body.data.msgId as string;
          answered++;
          if (answered >= KILL_AFTER && !killing) {
            killing = true;
            kill = killWithOneBlocked();
          }
        }
      }),
    );
    await kill;

    // What the crash left: every key's record names a message row that exists, and no keyed message lacks its key.
    const keyRows = await rows(dbFile, 'select key, state, msg_id from idempotency_keys');
    const messageRows = await rows(dbFile, "select id, body from messages where direction = 'out'");
    const messageIds = new Set(messageRows.map((r) => String(r.id)));
    const keyed = new Map(keyRows.map((r) => [String(r.key), String(r.msg_id)]));
    expect(keyRows.filter((r) => r.state !== 'done' || !messageIds.has(String(r.msg_id)))).toEqual([]);
    expect(messageRows.length).toBe(keyRows.length);

    const unanswered = attempts.filter((a) => !a.answered);
    const committedUnanswered = unanswered.filter((a) => keyed.has(a.key));
    const notCommitted = unanswered.filter((a) => !keyed.has(a.key));
    expect(attempts.filter((a) => a.answered).every((a) => keyed.get(a.key) === a.answered)).toBe(true);
    expect(notCommitted).toContain(blocked);
    expect(committedUnanswered).toContain(lost);
    console.log(
      `SIGKILL: ${answered} keyed calls answered, ${committedUnanswered.length} in flight and committed, ${notCommitted.length} in flight and not committed`,
    );

    // What a process of the previous version left when it died between its claim and its message row.
    const legacy = attempt('k-legacy', 'claimed by an older version, never written');
    const legacyHash = await sha256Hex(JSON.stringify({ phone, message: sendMessageSchema.parse(legacy.body) }));
    const db = openDb(dbFile);
    await db.execute({
      sql: "insert into idempotency_keys (pid, key, request_hash, state, created_at) values (?, ?, ?, 'pending', ?)",
      args: [user.pid, legacy.key, legacyHash, Date.now()],
    });
    db.close();
    const legacyDeadline = Date.now() + PENDING_CLAIM_MS + 5_000;

    server = await startServer({}, { dbFile });
    const first = new Map<string, string>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < attempts.length) {
          const a = attempts[next++]!;
          let res = await send(server, user, phone, a);
          // Only the older version's pending claim may hold its key, and only for PENDING_CLAIM_MS.
          while (a === legacy && res.status === 409 && Date.now() < legacyDeadline) {
            await new Promise((r) => setTimeout(r, 500));
            res = await send(server, user, phone, a);
          }
          expect(res.status, `${a.key}: ${JSON.stringify(res.body)}`).toBe(200);
          first.set(a.key, res.body.data.msgId as string);
        }
      }),
    );
    // (a) Accepted before the crash, answered or not: the retry answers the original msgId.
    for (const a of attempts) if (a.answered) expect(first.get(a.key), a.key).toBe(a.answered);
    for (const a of committedUnanswered) expect(first.get(a.key), a.key).toBe(keyed.get(a.key));
    // (b) Not committed: accepted now, with a new msgId, and a second retry answers that one.
    for (const a of [...notCommitted, legacy]) expect(messageIds.has(first.get(a.key)!), a.key).toBe(false);
    for (const a of [lost!, blocked!, legacy, ...notCommitted.slice(0, 5), ...committedUnanswered.slice(0, 5)]) {
      const again = await send(server, user, phone, a);
      expect(again.body.data?.msgId, a.key).toBe(first.get(a.key));
    }

    // Exactly once: one message row per request, the one its key answers.
    const after = await rows(dbFile, "select id, body from messages where direction = 'out'");
    const byText = new Map<string, string[]>();
    for (const r of after) {
      const text = (JSON.parse(String(r.body)) as { message: string }).message;
      byText.set(text, [...(byText.get(text) ?? []), String(r.id)]);
    }
    expect(after.length).toBe(attempts.length);
    for (const a of attempts) expect(byText.get(a.body.message), a.key).toEqual([first.get(a.key)]);
  });
});
