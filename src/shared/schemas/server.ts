import { z } from 'zod';

/** Response shapes of what the server says about itself and its visitor: health, location, API documents. */

/** `GET /healthz` while the database answers. */
export const healthUp = z.object({ ok: z.literal(true), db: z.literal('up') });

/** `GET /healthz` when the database cannot be reached (503). */
export const healthDown = z.object({
  ok: z.literal(false),
  db: z.literal('down'),
  error: z.object({ code: z.string(), message: z.string(), requestId: z.string() }),
});

/** `GET /api/locationDetech/detech`: the visitor's country, null when unknown. */
export const locationAnswer = z.object({
  success: z.boolean(),
  location: z.object({
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 code', example: 'IN' }),
  }),
});

/** An OpenAPI 3.1 document. */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
