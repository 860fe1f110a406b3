import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { optouts } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { OptoutRow } from '../../shared/schemas/optouts';
import type { ServiceCtx } from '../context';
import { groupCommit } from '../group-commit';
import { toChatId } from '../messages/chat-id';

/**
 * A product's opt-out list (issue 41): numbers campaigns skip. The list holds international digits
 * (no +); the API reads numbers as sendMessage does (libphonenumber-js, `toChatId`).
 */

/** A number as the list keeps it, or the reason it is not one (a group id, a national or malformed number). */
function listNumber(raw: unknown): { number: string } | { error: string } {
  try {
    const chatId = toChatId(raw, 'number');
    if (!chatId.endsWith('@c.us')) return { error: 'number is a group id, not a phone number.' };
    return { number: chatId.slice(0, -'@c.us'.length) };
  } catch (e) {
    if (e instanceof ApiError) return { error: e.message };
    throw e;
  }
}

const view = (r: typeof optouts.$inferSelect): OptoutRow => ({
  number: r.number,
  source: r.source,
  phone_id: r.phoneId,
  created_at: Math.floor(r.createdAt / 1000),
});

/** A page of the list, newest first; the cursor is the last row's `createdAt_number`. */
export async function listOptouts(ctx: ServiceCtx, pid: string, q: { cursor?: string | undefined; limit: number }) {
  // Keywords that arrived on this process's runner a moment ago are in the list before it is read.
  await groupCommit(ctx.db).flush();
  let after;
  if (q.cursor) {
    const [at, number] = q.cursor.split('_') as [string, string];
    const time = Number(at);
    after = or(lt(optouts.createdAt, time), and(eq(optouts.createdAt, time), lt(optouts.number, number)));
  }
  const rows = await ctx.db
    .select()
    .from(optouts)
    .where(and(eq(optouts.pid, pid), after))
    .orderBy(desc(optouts.createdAt), desc(optouts.number))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    data: page.map(view),
    next_cursor: rows.length > q.limit && last ? `${last.createdAt}_${last.number}` : null,
  };
}

/**
 * Puts numbers on the list (source `api`). Idempotent: a number already there stays as it was
 * (`already`); entries that are not numbers are reported (`invalid`) and the others still go in.
 */
export async function addOptouts(ctx: ServiceCtx, pid: string, raw: readonly (string | number)[]) {
  const invalid: { number: string; error: string }[] = [];
  const wanted = new Set<string>();
  for (const entry of raw) {
    const read = listNumber(entry);
    if ('error' in read) invalid.push({ number: String(entry), error: read.error });
    else wanted.add(read.number);
  }
  const numbers = [...wanted];
  if (!numbers.length) return { added: [], already: [], invalid };
  const now = ctx.now();
  const inserted = await ctx.db
    .insert(optouts)
    .values(numbers.map((number) => ({ pid, number, source: 'api' as const, phoneId: null, createdAt: now })))
    .onConflictDoNothing()
    .returning({ number: optouts.number });
  const added = new Set(inserted.map((r) => r.number));
  return { added: numbers.filter((n) => added.has(n)), already: numbers.filter((n) => !added.has(n)), invalid };
}

/** Takes a number off the list (422 when it is not a number; `removed: false` when it was not there). */
export async function removeOptout(ctx: ServiceCtx, pid: string, raw: string) {
  const read = listNumber(raw);
  if ('error' in read) throw new ApiError('VALIDATION', read.error, { fields: { number: 'invalid number' } });
  const res = await ctx.db.delete(optouts).where(and(eq(optouts.pid, pid), eq(optouts.number, read.number)));
  return { number: read.number, removed: res.rowsAffected > 0 };
}
