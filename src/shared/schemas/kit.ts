import { z } from 'zod';

/** What the routes' plumbing (src/routes/kit/) answers itself: the visitor's location. */

/** `GET /api/locationDetech/detech`: the visitor's country, null when unknown. */
export const locationAnswer = z.object({
  success: z.boolean(),
  location: z.object({
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 code', example: 'IN' }),
  }),
});
