import { eq } from 'drizzle-orm';
import { agents } from '../../../db/schema';
import { ApiError } from '../../errors';
import { DAY_MS, daysOf, resolveRange } from '../../shared/analytics-dates';
import { getUser } from '../auth/users';
import type { ServiceCtx } from '../context';
import { getProduct } from '../products/products';
import type { LiveActor } from './actor';
import { addTo, percentile, type Histogram } from './percentiles';
import { readCounts, readDayMedians, readRangeHistograms } from './report-rollup';

/** Only the account owner reads the team's reports (as Chatwoot's administrators do). */
const REPORTS_OWNER_ONLY = "Only the account owner can see the team's reports.";

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
  const [fromDay, toDay] = [range.from / DAY_MS, range.to / DAY_MS];
  const [names, counts, medians] = await Promise.all([
    people(ctx, actor.pid),
    readCounts(ctx, actor.pid, fromDay, toDay),
    readDayMedians(ctx, actor.pid, fromDay, toDay),
  ]);
  const answered = counts.filter((c) => names.has(c.holder) && Number(c.answered) > 0).map((c) => c.holder);
  const hists = await readRangeHistograms(ctx, actor.pid, range, answered);
  const account = new Map<'first' | 'resolve', Histogram>();
  const firstBy = new Map<string, Histogram>();
  for (const h of hists)
    if (h.holder === '*') addTo(account, h.metric, Number(h.bucket), Number(h.n));
    else addTo(firstBy, h.holder, Number(h.bucket), Number(h.n));
  const median = new Map(medians.map((m) => [`${m.metric}:${m.period}`, Number(m.median)]));
  const opened = new Map<number, number>();
  const ratings = { n: 0, sum: 0 };
  const by = new Map<string, (typeof counts)[number]>();
  for (const c of counts)
    if (c.holder !== '*') by.set(c.holder, c);
    else {
      opened.set(Number(c.day), Number(c.opened));
      ratings.n += Number(c.csat_n);
      ratings.sum += Number(c.csat_sum);
    }
  const holders = [...by.values()].filter(
    (c) => Number(c.took) > 0 || Number(c.answered) > 0 || Number(c.resolved) > 0,
  );
  return {
    from: range.start_date,
    to: range.end_date,
    conversations: [...opened.values()].reduce((s, n) => s + n, 0),
    first_response: stats(account.get('first')),
    resolution: stats(account.get('resolve')),
    csat: { responses: ratings.n, average: ratings.n ? round(ratings.sum / ratings.n) : null },
    agents: holders
      .filter((c) => names.has(c.holder))
      .map((c) => ({
        id: names.get(c.holder)!.id,
        holder: c.holder,
        name: names.get(c.holder)!.name,
        conversations: Number(c.took),
        first_response_median_s: percentile(firstBy.get(c.holder), 0.5),
        resolved: Number(c.resolved),
        csat_average: Number(c.csat_n) ? round(Number(c.csat_sum) / Number(c.csat_n)) : null,
      }))
      .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name)),
    series: daysOf(range).map((d) => {
      const key = Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
      return {
        day: d,
        conversations: opened.get(key) ?? 0,
        first_response_median_s: median.get(`first:${key}`) ?? null,
        resolution_median_s: median.get(`resolve:${key}`) ?? null,
      };
    }),
  };
}
