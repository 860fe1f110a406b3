import { z } from 'zod';

/** What the routes' plumbing (src/routes/kit/) declares and answers itself: binary and HTML bodies, the visitor's location. */

/** A binary answer's body (an image, a file). */
export const binaryBody = z.string().meta({ format: 'binary' });

/** An HTML page as an answer's body. */
export const htmlBody = z.string().meta({ description: 'An HTML page' });

/** `GET /api/locationDetech/detech`: the visitor's country, null when unknown. */
export const locationAnswer = z.object({
  success: z.boolean(),
  location: z.object({
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 code', example: 'IN' }),
  }),
});
