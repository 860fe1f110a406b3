import { sql } from 'drizzle-orm';
import type { DayRange } from '../../shared/analytics-dates';
import type { StatusTimeline } from '../../shared/schemas/console/analytics';
import type { ServiceCtx } from '../context';

interface PhoneRow {
  id: number;
  number: string | null;
  name: string;
  type: 'whatsapp' | 'instagram';
  status: string;
  before: string | null;
  /** The phone's changes in the range, oldest first, as JSON `[{"status", "date"}, ...]`. */
  log: string;
}

/**
 * `statusTimeline`: every phone of the account with its recorded status changes in the range
 * (`phone_status_log`), led by the status in force when the range starts; repeats of the same status
 * are dropped. One round trip: each phone's history is read by the covering (phone_id, at, status)
 * index and comes back as one JSON text per phone, so a year of changes is 50 rows, not 100,000.
 */
export async function statusTimeline(ctx: ServiceCtx, pid: string, range: DayRange): Promise<StatusTimeline> {
  const to = Math.min(range.to, ctx.now());
  const phones = await ctx.db.all<PhoneRow>(sql`
    SELECT p.id, p.number, p.name, p.type, p.status,
      (SELECT l.status FROM phone_status_log l WHERE l.phone_id = p.id AND l.at < ${range.from} ORDER BY l.at DESC, l.id DESC LIMIT 1) AS before,
      (SELECT json_group_array(json_object('status', l.status, 'date', l.at) ORDER BY l.at, l.id) FROM phone_status_log l
        WHERE l.phone_id = p.id AND l.at >= ${range.from} AND l.at < ${to}) AS log
    FROM phones p WHERE p.pid = ${pid} ORDER BY p.id`);
  const changes = new Map<number, { status: string; date: number }[]>();
  for (const p of phones) {
    const list: { status: string; date: number }[] = p.before ? [{ status: p.before, date: range.from }] : [];
    for (const change of JSON.parse(p.log) as { status: string; date: number }[]) {
      if (list.at(-1)?.status !== change.status) list.push(change);
    }
    changes.set(p.id, list);
  }
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    from: range.from,
    to,
    phones: phones
      .filter((p) => p.type === 'whatsapp' || p.type === 'instagram')
      .map((p) => ({
        phone: p.number || p.name || `#${p.id}`,
        id: p.id,
        type: p.type,
        last_status: p.status,
        changes: changes.get(p.id)!,
      })),
  };
}
