import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';

/** A table a job claims rows of: an id, and the time until which a claimed row is its claimer's. */
type LeasedTable = SQLiteTable & { id: SQLiteColumn; leaseUntil: SQLiteColumn };

export interface ClaimOptions<T extends LeasedTable> {
  /** Which rows are due and free (their lease over); checked again by the update itself. */
  due: SQL | undefined;
  /** The column the due rows are taken in (then by id); the claimed rows come back in that order. */
  order: keyof T['$inferSelect'] & keyof T & string;
  limit: number;
  /** The claimed rows are this process's until then; a crash frees them after it. */
  leaseUntil: number;
}

/**
 * Claims up to `limit` due rows with a lease in one `UPDATE … WHERE id IN (SELECT … LIMIT) RETURNING`,
 * so two processes never hold the same row: the statement is atomic, and a row another claimer took
 * in between no longer matches `due`. Returns the claimed rows, oldest due first.
 */
export async function claimDue<T extends LeasedTable>(
  db: Db,
  table: T,
  o: ClaimOptions<T>,
): Promise<T['$inferSelect'][]> {
  const orderCol = table[o.order] as unknown as SQLiteColumn;
  const ids = db
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(o.due)
    .orderBy(asc(orderCol), asc(table.id))
    .limit(o.limit);
  const rows = (await db
    .update(table)
    .set({ leaseUntil: o.leaseUntil } as never)
    .where(and(inArray(table.id, ids), o.due))
    .returning()
    .all()) as T['$inferSelect'][];
  const key = (r: T['$inferSelect']) =>
    [(r as Record<string, unknown>)[o.order] as number, (r as Record<string, unknown>).id as number] as const;
  return rows.sort((a, b) => {
    const [ka, ia] = key(a);
    const [kb, ib] = key(b);
    return ka - kb || ia - ib;
  });
}
