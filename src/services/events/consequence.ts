import type { InStatement, ResultSet } from '@libsql/client';
import type { MessageRow, PhoneRow } from '../../../db/schema';
import type { Ack, IncomingMessage } from '../../engines/types';
import type { ServiceCtx } from '../context';
import type { Condition } from '../group-commit';

/**
 * What an engine event means besides its own row: `stmts` commit in the row's transaction, each
 * carrying the condition the event gives (the message is not stored yet, the ack raises the row, the
 * send's outcome takes effect, the status changes), checked in the transaction, so a crash leaves
 * the row and its consequences or neither; `committed` follows once they have, with their results
 * (never when the row's write did not happen: a redelivered message, an older ack, a lost lease).
 */
export interface Consequences {
  stmts: InStatement[];
  committed?(results: ResultSet[]): void | Promise<void>;
}

/** Nothing besides the row. */
export const NONE: Consequences = { stmts: [] };

/** Several consequences as one: their statements in order; once committed, each one's follow-up with its own results, in turn. */
export function together(parts: readonly Consequences[]): Consequences {
  return {
    stmts: parts.flatMap((p) => p.stmts),
    async committed(results) {
      let at = 0;
      for (const p of parts) {
        const mine = results.slice(at, (at += p.stmts.length));
        await p.committed?.(mine);
      }
    },
  };
}

/** Ban protection's watch of the runner's phones (`protectionWatch` in services/protection/events.ts). */
interface ProtectionWatch {
  /** A message that opened a chat was sent. */
  opened(phone: PhoneRow): Promise<void>;
  /** Rows are held. */
  held(phone: PhoneRow): Promise<void>;
  /** A chat answered. */
  answered(phone: PhoneRow): Promise<void>;
}

/** What a consequence is given besides the phone and the event: the services' context and, in a runner, its protection watch. */
export interface EventCtx extends ServiceCtx {
  protection?: ProtectionWatch;
}

/** An incoming message: its API id, the message, and "not stored yet", the condition of every statement. */
export interface IncomingEvent {
  id: string;
  message: IncomingMessage;
  isNew: Condition;
}

/** What an ack's consequences are given (lazily: only those that write read it): "the ack raises the row", and the row's API id as an SQL expression. */
export interface AckGuard {
  onlyIf: Condition;
  msgId: Condition;
}

/** A raised ack of a sent message; `guard()` gives the condition and the row's id in SQL. */
export interface AckEvent {
  ack: Ack;
  guard: () => AckGuard;
}

/** A send WhatsApp took (the row as written); `onlyIf`: "the row's write takes effect" (read lazily: building it costs). */
export interface SentEvent {
  row: MessageRow;
  readonly onlyIf: Condition;
}

/** A send that finally failed (the row as claimed, its error); `onlyIf`: "the row's write takes effect". */
export interface FailedEvent {
  row: MessageRow;
  error: string;
  onlyIf: Condition;
}

/** A phone's status change; `changes`: "the stored status is another" (absent: the API's own write, which knows it is). */
export interface StatusEvent {
  status: string;
  changes?: Condition;
}

/**
 * One consequence of an engine event: one entry of the event's table (events/incoming.ts, ack.ts,
 * sent.ts, failed.ts, status.ts). `of` answers the statements that commit with the event's row and
 * what follows the commit; every statement must carry the event's condition (`isNew`, `onlyIf`,
 * `changes`, the ack's `guard().onlyIf`) and read nothing before the write (a value the transaction
 * knows is written by SQL: a subquery, `jsonSet`). An entry that does not apply answers `NONE`.
 */
export interface Consequence<E> {
  /** A short name: 'webhook', 'inbox', 'agent', 'protection'... */
  name: string;
  /** What it writes with the row, and what follows the commit (the docs' table says the same). */
  writes: string;
  /** When it applies (beyond the event's own condition). */
  when: string;
  of(ctx: EventCtx, phone: PhoneRow, event: E): Consequences | Promise<Consequences>;
}

/** Runs an event's table: every entry's consequences, in the table's order, as one. */
export async function consequencesOf<E>(
  table: readonly Consequence<E>[],
  ctx: EventCtx,
  phone: PhoneRow,
  event: E,
): Promise<Consequences> {
  return together(await Promise.all(table.map((c) => c.of(ctx, phone, event))));
}
