import { and, eq, ne, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { phones } from '../../../db/schema';
import { phoneChanged } from '../cache';
import type { ServiceCtx } from '../context';

// A number belongs to the product whose phone holds it (linked, logged out or disabled alike), until
// that phone is factory reset: the simulated network keys chats and groups by number, so whoever
// links as it sees that world. Phones of the same product share their numbers freely.
const other = alias(phones, 'other_phone');

async function pidOf(ctx: Pick<ServiceCtx, 'db'>, phoneId: number): Promise<string | undefined> {
  return (await ctx.db.select({ pid: phones.pid }).from(phones).where(eq(phones.id, phoneId)).get())?.pid;
}

const heldByOthers = (ctx: Pick<ServiceCtx, 'db'>, pid: string, number: string) =>
  ctx.db
    .select({ id: other.id })
    .from(other)
    .where(and(eq(other.number, number), ne(other.pid, pid)));

/** Whether a phone may use a number: no phone of another product holds it. */
export async function simNumberFree(ctx: Pick<ServiceCtx, 'db'>, phoneId: number, number: string): Promise<boolean> {
  const pid = await pidOf(ctx, phoneId);
  return pid !== undefined && !(await heldByOthers(ctx, pid, number).get());
}

/**
 * Makes `number` the phone's number unless a phone of another product holds it; false when refused.
 * One conditional write, so two products racing for a free number cannot both get it.
 */
export async function claimSimNumber(
  ctx: Pick<ServiceCtx, 'db' | 'cache' | 'now'>,
  phoneId: number,
  number: string,
): Promise<boolean> {
  const pid = await pidOf(ctx, phoneId);
  if (pid === undefined) return false;
  const res = await ctx.db
    .update(phones)
    .set({ number, updatedAt: ctx.now() })
    .where(and(eq(phones.id, phoneId), notExists(heldByOthers(ctx, pid, number))));
  if (res.rowsAffected === 0) return false;
  phoneChanged(ctx, { id: phoneId, pid });
  return true;
}
