import { z } from 'zod';

/** Request and response shapes of `POST /api/{brand}/analytics` (2-phones §2.3, §3 "Analytics", §7.3). */

export const ANALYTICS_NAMES = [
  'closedInfo',
  'takenInfoByAgents',
  'chartInfo',
  'statusInfo',
  'statusTimeline',
] as const;
export type AnalyticsName = (typeof ANALYTICS_NAMES)[number];

/** The conversation status labels of the Status of Conversations table, in the spec's order. */
export const CONVERSATION_STATUSES = ['On/Operator', 'Waiting', 'Close', 'No Interaction', 'Other'] as const;

const day = z
  .string()
  .max(32)
  .optional()
  .meta({ description: 'A UTC day, `YYYY-MM-DD`; the range defaults to the last 7 days', example: '2026-01-31' });

export const analyticsBody = z.looseObject({
  pid: z.string().max(64).optional().meta({ description: "The product id; another account's answers 404" }),
  name: z
    .enum(ANALYTICS_NAMES, { error: `name must be one of ${ANALYTICS_NAMES.join(', ')}.` })
    .meta({ description: 'Which figures to compute' }),
  data: z
    .object({ start_date: day, end_date: day })
    .optional()
    .meta({ description: 'The range of whole UTC days, both ends included' }),
});

const range = {
  start_date: z.string().meta({ example: '2026-01-25' }),
  end_date: z.string().meta({ example: '2026-01-31' }),
};
const count = z.number().int().nonnegative();

/** `chartInfo`: users who wrote and messages both ways, per day, and the totals of the cards. */
const chartInfo = z
  .object({
    ...range,
    total_users: count.meta({ description: 'Distinct customers who wrote in the range (Total User)' }),
    total_messages: count.meta({ description: 'Messages in and out in the range (Total Message)' }),
    days: z
      .array(z.object({ date: z.string(), users: count, incoming: count, outgoing: count, messages: count }))
      .meta({ description: 'Every day of the range, oldest first' }),
  })
  .meta({ id: 'AnalyticsChartInfo' });

/** `statusInfo`: conversations active in the range by their live-chat state. */
const statusInfo = z
  .object({ ...range, statuses: z.array(z.object({ status: z.enum(CONVERSATION_STATUSES), count })) })
  .meta({ id: 'AnalyticsStatusInfo' });

/** `closedInfo`: closed and waiting issues (the cards) and the Issue Details table per phone. */
const closedInfo = z
  .object({
    ...range,
    closed: count.meta({ description: 'Conversations closed in the range (Closed Issues By Agents)' }),
    waiting: count.meta({
      description: 'Conversations active in the range and waiting for an agent now (Waiting Issues)',
    }),
    issues: z.array(
      z.object({
        phone_id: z.number().int(),
        phone: z.string(),
        taken: count,
        waiting: count,
        closed: count,
        no_interaction: count,
      }),
    ),
  })
  .meta({ id: 'AnalyticsClosedInfo' });

/** `takenInfoByAgents`: the Closed By Agents table. */
const takenInfoByAgents = z
  .object({ ...range, byAgents: z.array(z.object({ email: z.string(), taken: count, close: count })) })
  .meta({ id: 'AnalyticsTakenByAgents' });

/** One status change of a timeline (§3 "Status timeline entry"); `date` in epoch milliseconds. */
const change = z.object({ status: z.string(), date: z.number().int() });

/** `statusTimeline`: each phone's status over the range, the status in force at its start first. */
const statusTimeline = z
  .object({
    ...range,
    from: z.number().int().meta({ description: 'The range start, epoch milliseconds' }),
    to: z.number().int().meta({ description: 'The range end (exclusive, or now for today), epoch milliseconds' }),
    phones: z.array(
      z.object({
        phone: z.string(),
        id: z.number().int(),
        type: z.enum(['whatsapp', 'instagram']),
        last_status: z.string(),
        changes: z.array(change),
      }),
    ),
  })
  .meta({ id: 'AnalyticsStatusTimeline' });

export type ChartInfo = z.infer<typeof chartInfo>;
export type StatusInfo = z.infer<typeof statusInfo>;
export type ClosedInfo = z.infer<typeof closedInfo>;
export type TakenInfoByAgents = z.infer<typeof takenInfoByAgents>;
export type StatusTimeline = z.infer<typeof statusTimeline>;

/** `{ success, name, data }`: the figures of the name asked for. */
export const analyticsAnswer = z.object({
  success: z.boolean(),
  name: z.enum(ANALYTICS_NAMES),
  data: z.union([chartInfo, statusInfo, closedInfo, takenInfoByAgents, statusTimeline]),
});
