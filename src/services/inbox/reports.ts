import { eq } from 'drizzle-orm';
import { agents } from '../../../db/schema';
import { ApiError } from '../../errors';
import { DAY_MS, daysOf, resolveRange } from '../../shared/analytics-dates';
import { getUser } from '../auth/users';
import type { ServiceCtx } from '../context';
import { getProduct } from '../products/products';
import type { LiveActor } from './actor';
import { percentile, type Histogram } from './percentiles';
import { readCounts, readDayHistograms, readRangeHistograms } from './report-rollup';

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
  const [names, counts, days] = await Promise.all([
    people(ctx, actor.pid),
    readCounts(ctx, actor.pid, fromDay, toDay),
    readDayHistograms(ctx, actor.pid, fromDay, toDay),
  ]);
  const answered = counts.filter((c) => names.has(c.holder) && c.answered > 0).map((c) => c.holder);
  const { account, firstBy } = await readRangeHistograms(ctx, actor.pid, range, answered);
  const all = counts.find((c) => c.holder === '*');
  const opened = new Map<number, number>();
  for (let i = 0; i < (all?.days.length ?? 0); i += 2) opened.set(all!.days[i]!, all!.days[i + 1]!);
  const ratings = { n: all?.csatN ?? 0, sum: all?.csatSum ?? 0 };
  const holders = counts.filter((c) => names.has(c.holder) && (c.took > 0 || c.answered > 0 || c.resolved > 0));
  return {
    from: range.start_date,
    to: range.end_date,
    conversations: [...opened.values()].reduce((s, n) => s + n, 0),
    first_response: stats(account.get('first')),
    resolution: stats(account.get('resolve')),
    csat: { responses: ratings.n, average: ratings.n ? round(ratings.sum / ratings.n) : null },
    agents: holders
      .map((c) => ({
        id: names.get(c.holder)!.id,
        holder: c.holder,
        name: names.get(c.holder)!.name,
        conversations: c.took,
        first_response_median_s: percentile(firstBy.get(c.holder), 0.5),
        resolved: c.resolved,
        csat_average: c.csatN ? round(c.csatSum / c.csatN) : null,
      }))
      .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name)),
    series: daysOf(range).map((d) => {
      const key = Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
      return {
        day: d,
        conversations: opened.get(key) ?? 0,
        first_response_median_s: percentile(days.first.get(key), 0.5),
        resolution_median_s: percentile(days.resolve.get(key), 0.5),
      };
    }),
  };
}
