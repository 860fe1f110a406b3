import { z } from 'zod';
import { LIVE_AUTO_MSG } from '../../live-auto-messages';

/** The inbox settings (`GET/POST /api/live/settings`, issue 42): requests and answers. */

/** The longest away message (a WhatsApp text's limit). */
const AWAY_MAX = 4_096;

/** The days of the week as business hours name them. */
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const clock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, LIVE_AUTO_MSG.badRange);
const range = z
  .object({ from: clock.meta({ example: '09:00' }), to: clock.meta({ example: '17:30' }) })
  .refine((r) => r.from < r.to, { message: LIVE_AUTO_MSG.badRange, path: ['to'] });

type Days = Record<(typeof WEEK_DAYS)[number], z.ZodOptional<z.ZodArray<typeof range>>>;

/** When the team answers: ranges per day in a time zone; a day without ranges is closed. */
const businessHours = z
  .object({
    timezone: z.string().min(1).max(64).meta({ description: 'An IANA time zone', example: 'Europe/Istanbul' }),
    days: z.strictObject(Object.fromEntries(WEEK_DAYS.map((d) => [d, z.array(range).max(8).optional()])) as Days).meta({
      description: 'Open ranges per day (mon..sun), local time; a missing or empty day is closed',
      example: { mon: [{ from: '09:00', to: '17:30' }], sat: [] },
    }),
  })
  .meta({ id: 'LiveBusinessHours' });
export type BusinessHours = z.infer<typeof businessHours>;

const settings = z
  .object({
    auto_assign: z.enum(['round_robin', 'off']).meta({
      description: 'round_robin: a new waiting conversation goes to the online agent with the fewest open ones',
    }),
    max_open_per_agent: z.number().int().min(1).max(1_000).meta({ description: 'Round robin gives no agent more' }),
    csat: z.boolean().meta({ description: 'Closing a conversation asks the customer for a 1-5 rating' }),
    away_message: z.string().max(AWAY_MAX).meta({
      description: 'Answers once per conversation outside business hours (empty: none)',
    }),
    business_hours: businessHours.nullable().meta({ description: 'null: always open' }),
  })
  .meta({ id: 'LiveSettings' });
export type LiveSettings = z.infer<typeof settings>;

export const liveSettingsAnswer = z.object({ success: z.boolean(), data: settings });

/** `POST /api/live/settings`: the fields to change (the others keep their value). */
export const liveSettingsBody = z.looseObject({
  auto_assign: settings.shape.auto_assign.optional(),
  max_open_per_agent: settings.shape.max_open_per_agent.optional(),
  csat: settings.shape.csat.optional(),
  away_message: z.string().trim().max(AWAY_MAX).optional(),
  business_hours: settings.shape.business_hours.optional(),
});
