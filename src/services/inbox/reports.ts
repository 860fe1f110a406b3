import { eq, sql } from 'drizzle-orm';
import { agents } from '../../../db/schema';
import { ApiError } from '../../errors';
import { DAY_MS, daysOf, resolveRange, type DayRange } from '../../shared/analytics-dates';
import { getUser } from '../auth/users';
import type { ServiceCtx } from '../context';
import { getProduct } from '../products/products';
import type { LiveActor } from './actor';
import { addTo, bucketSql, merged, percentile, type Histogram } from './percentiles';

/** Only the account owner reads the team's reports (as Chatwoot's administrators do). */
const REPORTS_OWNER_ONLY = "Only the account owner can see the team's reports.";

const FIRST_S = '(first_response_at - created_at) / 1000';
const RESOLVE_S = '(closed_at - created_at) / 1000';

/**
 * What the reports read of `live_threads` in a range of whole UTC days, in five aggregate queries
 * on the (pid, created_at) and (pid, closed_at) indexes:
 * - conversations and first responses: threads opened in the range; the first responder gets it;
 * - resolutions: threads closed in the range, credited to the closer; CSAT: ratings of those;
 * - an agent's `conversations`: threads opened in the range they took part in (participants).
 */
async function read(ctx: ServiceCtx, pid: string, r: DayRange) {
  const opened = sql`pid = ${pid} and created_at >= ${r.from} and created_at < ${r.to}`;
  const closed = sql`pid = ${pid} and closed_at >= ${r.from} and closed_at < ${r.to}`;
  const day = (col: string) => sql.raw(`(${col} / ${DAY_MS})`);
  return Promise.all([
    ctx.db.all<{ day: number; n: number }>(
      sql`select ${day('created_at')} as day, count(*) as n from live_threads where ${opened} group by 1`,
    ),
    ctx.db.all<{ who: string; day: number; b: number; n: number }>(sql`
      select first_responder as who, ${day('created_at')} as day, ${sql.raw(bucketSql(FIRST_S))} as b, count(*) as n
      from live_threads where ${opened} and first_response_at is not null group by 1, 2, 3`),
    ctx.db.all<{ who: string; day: number; b: number; n: number }>(sql`
      select closer as who, ${day('closed_at')} as day, ${sql.raw(bucketSql(RESOLVE_S))} as b, count(*) as n
      from live_threads where ${closed} group by 1, 2, 3`),
    ctx.db.all<{ who: string; n: number; sum: number }>(sql`
      select closer as who, count(*) as n, sum(csat_rating) as sum
      from live_threads where ${closed} and csat_rating is not null group by 1`),
    ctx.db.all<{ who: string; n: number }>(sql`
      select p.value as who, count(*) as n from live_threads t, json_each(t.participants) p
      where t.pid = ${pid} and t.created_at >= ${r.from} and t.created_at < ${r.to} group by 1`),
  ]);
}

/** Each holder's name and id: agents by their names, the owner by theirs. */
async function people(ctx: ServiceCtx, pid: string) {
  const product = await getProduct(ctx, pid);
  const [owner, rows] = await Promise.all([
    product ? getUser(ctx, product.uid) : undefined,
    ctx.db
      .select({ id: agents.id, email: agents.email, name: agents.name, surname: agents.surname })
      .from(agents)
      .where(eq(agents.pid, pid))
      .all(),
  ]);
  const out = new Map<string, { id: number | null; name: string }>();
  if (owner) out.set(`o:${owner.id}`, { id: null, name: owner.name.trim() || owner.email });
  for (const a of rows) out.set(`a:${a.id}`, { id: a.id, name: `${a.name} ${a.surname}`.trim() || a.email });
  return out;
}

const round = (x: number) => Math.round(x * 100) / 100;
const stats = (h: Histogram | undefined) => ({ median_s: percentile(h, 0.5), p90_s: percentile(h, 0.9) });

/** `GET /api/live/reports`: the team's first response, resolution and CSAT in a range, per agent and per day. */
export async function liveReports(ctx: ServiceCtx, actor: LiveActor, input: { from?: string; to?: string }) {
  if (!actor.owner) throw new ApiError('FORBIDDEN', REPORTS_OWNER_ONLY);
  const range = resolveRange({ start_date: input.from, end_date: input.to }, ctx.now());
  if ('error' in range)
    throw new ApiError('VALIDATION', range.error, {
      fields: { [range.field === 'start_date' ? 'from' : 'to']: range.error },
    });
  const [[perDay, firsts, resolutions, csat, took], names] = await Promise.all([
    read(ctx, actor.pid, range),
    people(ctx, actor.pid),
  ]);
  const firstBy = new Map<string, Histogram>();
  const firstOn = new Map<number, Histogram>();
  for (const f of firsts) (addTo(firstBy, f.who, f.b, f.n), addTo(firstOn, f.day, f.b, f.n));
  const resolveBy = new Map<string, Histogram>();
  const resolveOn = new Map<number, Histogram>();
  for (const f of resolutions) (addTo(resolveBy, f.who, f.b, f.n), addTo(resolveOn, f.day, f.b, f.n));
  const opened = new Map(perDay.map((d) => [Number(d.day), Number(d.n)]));
  const ratings = csat.reduce((s, c) => ({ n: s.n + Number(c.n), sum: s.sum + Number(c.sum) }), { n: 0, sum: 0 });
  const holders = new Set([...took.map((t) => t.who), ...firstBy.keys(), ...resolveBy.keys()]);
  const resolvedBy = (who: string) => [...(resolveBy.get(who)?.values() ?? [])].reduce((s, n) => s + n, 0);
  const csatOf = (who: string) => csat.find((c) => c.who === who);
  return {
    from: range.start_date,
    to: range.end_date,
    conversations: [...opened.values()].reduce((s, n) => s + n, 0),
    first_response: stats(merged(firstBy)),
    resolution: stats(merged(resolveBy)),
    csat: { responses: ratings.n, average: ratings.n ? round(ratings.sum / ratings.n) : null },
    agents: [...holders]
      .filter((h) => names.has(h))
      .map((h) => {
        const c = csatOf(h);
        return {
          id: names.get(h)!.id,
          holder: h,
          name: names.get(h)!.name,
          conversations: Number(took.find((t) => t.who === h)?.n ?? 0),
          first_response_median_s: percentile(firstBy.get(h), 0.5),
          resolved: resolvedBy(h),
          csat_average: c && Number(c.n) ? round(Number(c.sum) / Number(c.n)) : null,
        };
      })
      .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name)),
    series: daysOf(range).map((d) => {
      const key = Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
      return {
        day: d,
        conversations: opened.get(key) ?? 0,
        first_response_median_s: percentile(firstOn.get(key), 0.5),
        resolution_median_s: percentile(resolveOn.get(key), 0.5),
      };
    }),
  };
}
