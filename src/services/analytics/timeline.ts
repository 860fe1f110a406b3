import { sql } from 'drizzle-orm';
import type { DayRange } from '../../shared/analytics-dates';
import type { StatusTimeline } from '../../shared/schemas/analytics';
import type { ServiceCtx } from '../context';

interface PhoneRow {
  id: number;
  number: string | null;
  name: string;
  type: 'whatsapp' | 'instagram';
  status: string;
  before: string | null;
}

/**
 * `statusTimeline`: every phone of the account with its recorded status changes in the range
 * (`phone_status_log`), led by the status in force when the range starts; repeats of the same status
 * are dropped. Each phone's history is read by the (phone_id, at) index.
 */
export async function statusTimeline(ctx: ServiceCtx, pid: string, range: DayRange): Promise<StatusTimeline> {
  const to = Math.min(range.to, ctx.now());
  const [phones, log] = await Promise.all([
    ctx.db.all<PhoneRow>(sql`
      SELECT p.id, p.number, p.name, p.type, p.status,
        (SELECT l.status FROM phone_status_log l WHERE l.phone_id = p.id AND l.at < ${range.from} ORDER BY l.at DESC LIMIT 1) AS before
      FROM phones p WHERE p.pid = ${pid} ORDER BY p.id`),
    ctx.db.all<{ phone_id: number; status: string; at: number }>(sql`
      SELECT l.phone_id, l.status, l.at FROM phones p JOIN phone_status_log l ON l.phone_id = p.id
      WHERE p.pid = ${pid} AND l.at >= ${range.from} AND l.at < ${to} ORDER BY l.phone_id, l.at, l.id`),
  ]);
  const changes = new Map<number, { status: string; date: number }[]>();
  for (const p of phones) changes.set(p.id, p.before ? [{ status: p.before, date: range.from }] : []);
  for (const l of log) {
    const list = changes.get(l.phone_id);
    if (list && list.at(-1)?.status !== l.status) list.push({ status: l.status, date: Number(l.at) });
  }
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    from: range.from,
    to,
    phones: phones
      .filter((p) => p.type === 'whatsapp' || p.type === 'instagram')
      .map((p) => ({ phone: p.number || p.name || `#${p.id}`, id: p.id, type: p.type, last_status: p.status, changes: changes.get(p.id)! })),
  };
}
