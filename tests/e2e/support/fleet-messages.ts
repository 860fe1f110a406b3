import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rows, type Fleet } from './fleet';

/** The value at the p-th percentile. */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

/** What became of the accepted messages, from their rows and the simulated network's wire. */
export interface Outcome {
  /** Accepted messages whose row is not 'sent', or is missing. */
  notSent: string[];
  /** Accepted messages not on the wire exactly once (by their id, and by their unique text under any id). */
  notOnceOnWire: string[];
  /** Milliseconds from acceptance to sending, by message id. */
  delays: Map<string, number>;
}

/** Checks each accepted message (id → its unique text) against the rows and the wire. */
export async function outcome(db: Db, accepted: Map<string, string>): Promise<Outcome> {
  const sent = await rows<{ id: string; status: string; wa_id: string; delay: number | null }>(
    db,
    sql`select id, status, wa_id, sent_at - created_at as delay from messages where direction = 'out'`,
  );
  const wire = await rows<{ wa_id: string; text: string | null }>(
    db,
    sql`select wa_id, json_extract(payload, '$.text') as text from sim_wire`,
  );
  const byId = new Map(sent.map((r) => [r.id, r]));
  const onWire = new Map<string, number>();
  for (const w of wire) {
    onWire.set(w.wa_id, (onWire.get(w.wa_id) ?? 0) + 1);
    if (w.text) onWire.set(`text:${w.text}`, (onWire.get(`text:${w.text}`) ?? 0) + 1);
  }
  const out: Outcome = { notSent: [], notOnceOnWire: [], delays: new Map() };
  for (const [id, text] of accepted) {
    const row = byId.get(id);
    if (row?.status !== 'sent') out.notSent.push(`${id} (${row?.status ?? 'missing'})`);
    else out.delays.set(id, Number(row.delay));
    if (!row || onWire.get(row.wa_id) !== 1 || onWire.get(`text:${text}`) !== 1) out.notOnceOnWire.push(id);
  }
  return out;
}

/** Steps through the phones so that a short run already reaches every runner's share (prime to their count). */
const STRIDE = 37;

/** Messages accepted through the API at a steady pace, to the phones in turn, until stopped. */
export function traffic(fleet: Fleet, loops = 2, pauseMs = 25) {
  const accepted = new Map<string, string>();
  let on = true;
  let k = 0;
  const done = Promise.all(
    Array.from({ length: loops }, async () => {
      while (on) {
        const i = k++;
        const text = `fleet message ${i}`;
        // Numbers end in 1: the simulator answers "not on WhatsApp" for numbers ending in 0.
        accepted.set(
          await fleet.send(
            fleet.phones[(i * STRIDE) % fleet.phones.length]!,
            `919000${String(i).padStart(5, '0')}1`,
            text,
          ),
          text,
        );
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    }),
  ).then(
    () => null,
    (err: unknown) => err,
  );
  return {
    accepted,
    /** Stops accepting; throws what a send failed with. */
    async stop() {
      on = false;
      const err = await done;
      if (err) throw err;
      return accepted;
    },
  };
}

/** Whether no outgoing message is queued or sending any more. */
export async function drained(db: Db): Promise<boolean> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*) as n from messages where direction = 'out' and status in ('queued', 'sending')`,
  );
  return Number(r!.n) === 0;
}
