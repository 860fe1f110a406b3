import { z } from 'zod';

/** The operations area (`/healthz`, `/metrics`, the runner's ops calls): requests and answers. */

/** `GET /healthz` while the database answers. */
export const healthUp = z.object({ ok: z.literal(true), db: z.literal('up') });

/** `GET /healthz` when the database cannot be reached (503). */
export const healthDown = z.object({
  ok: z.literal(false),
  db: z.literal('down'),
  error: z.object({ code: z.string(), message: z.string(), requestId: z.string() }),
});
