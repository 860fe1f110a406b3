import { sql } from 'drizzle-orm';
import type { ServiceCtx } from './context';

/** Whether the database answers a trivial query. */
export async function databaseUp(ctx: ServiceCtx): Promise<boolean> {
  try {
    await ctx.db.run(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
