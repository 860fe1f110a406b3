import { z } from 'zod';

const day = z
  .string()
  .max(10)
  .optional()
  .meta({ description: 'A UTC day, `YYYY-MM-DD` (the range is at most 366 days; the last 7 by default)' });

/** `GET /api/live/reports`: the range of whole UTC days. */
export const liveReportsQuery = z.object({
  from: day.meta({ example: '2026-11-01' }),
  to: day.meta({ example: '2026-11-28' }),
});

const seconds = z.number().int().nullable();
const durations = z.object({
  median_s: seconds.meta({ description: 'Median in seconds (exact below 100 s, two significant digits above)' }),
  p90_s: seconds.meta({ description: '90th percentile in seconds' }),
});

/** `GET /api/live/reports`: first response, resolution and CSAT of the team, per agent and per day. */
export const liveReportsAnswer = z.object({
  success: z.boolean(),
  data: z
    .object({
      from: z.string(),
      to: z.string(),
      conversations: z.number().int().meta({ description: 'Conversations (threads) opened in the range' }),
      first_response: durations.meta({ description: 'Of the threads opened in the range' }),
      resolution: durations.meta({ description: 'From opening to close, of the threads closed in the range' }),
      csat: z.object({
        responses: z.number().int(),
        average: z.number().nullable().meta({ description: '1 to 5; null without responses' }),
      }),
      agents: z.array(
        z.object({
          id: z.number().int().nullable().meta({ description: "The agent's id; null for the account owner" }),
          holder: z.string().meta({ description: '`a:<agent id>` or `o:<owner uid>`' }),
          name: z.string(),
          conversations: z.number().int().meta({ description: 'Threads opened in the range they took part in' }),
          first_response_median_s: seconds.meta({ description: 'Of the threads they answered first' }),
          resolved: z.number().int().meta({ description: 'Threads they closed in the range' }),
          csat_average: z.number().nullable(),
        }),
      ),
      series: z
        .array(
          z.object({
            day: z.string(),
            conversations: z.number().int(),
            first_response_median_s: seconds,
            resolution_median_s: seconds,
          }),
        )
        .meta({ description: 'Every day of the range, for the charts' }),
    })
    .meta({ id: 'LiveReports' }),
});
