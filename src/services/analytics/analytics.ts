import { ApiError } from '../../errors';
import { resolveRange, type DayRange } from '../../shared/analytics-dates';
import type { AnalyticsName } from '../../shared/schemas/console/analytics';
import type { ServiceCtx } from '../context';
import { takenInfoByAgents } from './agents';
import { chartInfo } from './charts';
import { closedInfo, statusInfo } from './conversations';
import { statusTimeline } from './timeline';

const COMPUTE = { chartInfo, statusInfo, closedInfo, takenInfoByAgents, statusTimeline } as const satisfies Record<
  AnalyticsName,
  (ctx: ServiceCtx, pid: string, range: DayRange) => Promise<unknown>
>;

/** The range of a request by the date rules of `shared/analytics-dates.ts`; a broken rule is a 422 naming the field. */
export function analyticsRange(
  ctx: ServiceCtx,
  data: { start_date?: string; end_date?: string } | undefined,
): DayRange {
  const range = resolveRange(data ?? {}, ctx.now());
  if ('error' in range)
    throw new ApiError('VALIDATION', range.error, { fields: { [`data.${range.field}`]: range.error } });
  return range;
}

/** Computes one analytics name over the product's rows for a range of whole UTC days. */
export async function analytics(
  ctx: ServiceCtx,
  pid: string,
  name: AnalyticsName,
  data?: { start_date?: string; end_date?: string },
) {
  return COMPUTE[name](ctx, pid, analyticsRange(ctx, data));
}
