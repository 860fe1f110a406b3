import { sql } from 'drizzle-orm';
import type { DayRange } from '../../shared/analytics-dates';
import type { TakenInfoByAgents } from '../../shared/schemas/console/analytics';
import type { ServiceCtx } from '../context';

/**
 * `takenInfoByAgents`: per agent (or the owner) who holds a conversation, how many they took and
 * how many they closed in the range. A transferred conversation counts for its current holder.
 * `updated_at` is never before `taken_at` or `closed_at`, so bounding it uses the (pid, state,
 * updated_at) index.
 */
export async function takenInfoByAgents(ctx: ServiceCtx, pid: string, range: DayRange): Promise<TakenInfoByAgents> {
  const rows = await ctx.db.all<{ email: string; taken: number; close: number }>(sql`
    SELECT holder_email AS email,
      sum(taken_at >= ${range.from} AND taken_at < ${range.to}) AS taken,
      sum(state = 'closed' AND closed_at >= ${range.from} AND closed_at < ${range.to}) AS close
    FROM live_conversations
    WHERE pid = ${pid} AND state IN ('taken', 'closed') AND updated_at >= ${range.from} AND holder_email <> ''
    GROUP BY holder_email HAVING taken > 0 OR close > 0
    ORDER BY close DESC, taken DESC, email`);
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    byAgents: rows.map((r) => ({ email: r.email, taken: Number(r.taken), close: Number(r.close) })),
  };
}
