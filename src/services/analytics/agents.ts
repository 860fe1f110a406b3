import { sql } from 'drizzle-orm';
import type { DayRange } from '../../shared/analytics-dates';
import type { TakenInfoByAgents } from '../../shared/schemas/console/analytics';
import type { ServiceCtx } from '../context';

/**
 * `takenInfoByAgents`: per agent (or the owner) how many conversations they took and how many they
 * helped close in the range. `taken` counts for the current holder. `close` credits every holder who
 * took part in a conversation closed in the range (its thread's participants: took, answered,
 * transferred or closed it, issue 42); a conversation closed without a thread (before threads
 * existed) counts for its holder, as before. `updated_at` is never before `taken_at` or `closed_at`,
 * so bounding it uses the (pid, state, updated_at) index; threads are read by (pid, closed_at).
 */
export async function takenInfoByAgents(ctx: ServiceCtx, pid: string, range: DayRange): Promise<TakenInfoByAgents> {
  const rows = await ctx.db.all<{ email: string; taken: number; close: number }>(sql`
    SELECT email, sum(taken) AS taken, sum(close) AS close FROM (
      SELECT holder_email AS email,
        sum(taken_at >= ${range.from} AND taken_at < ${range.to}) AS taken,
        sum(state = 'closed' AND closed_at >= ${range.from} AND closed_at < ${range.to} AND thread_id IS NULL) AS close
      FROM live_conversations
      WHERE pid = ${pid} AND state IN ('taken', 'closed') AND updated_at >= ${range.from} AND holder_email <> ''
      GROUP BY holder_email
      UNION ALL
      SELECT coalesce(a.email, u.email) AS email, 0 AS taken, count(*) AS close
      FROM live_threads t, json_each(t.participants) p
      LEFT JOIN agents a ON p.value LIKE 'a:%' AND a.id = cast(substr(p.value, 3) AS integer) AND a.pid = t.pid
      LEFT JOIN products pr ON pr.id = t.pid
      LEFT JOIN users u ON p.value LIKE 'o:%' AND u.id = cast(substr(p.value, 3) AS integer) AND u.id = pr.uid
      WHERE t.pid = ${pid} AND t.closed_at >= ${range.from} AND t.closed_at < ${range.to}
      GROUP BY 1
    )
    WHERE email IS NOT NULL
    GROUP BY email HAVING taken > 0 OR close > 0
    ORDER BY close DESC, taken DESC, email`);
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    byAgents: rows.map((r) => ({ email: r.email, taken: Number(r.taken), close: Number(r.close) })),
  };
}
