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

/** `GET /readyz` (the runner) while the database answers and the leases are current. */
export const readyUp = z.object({ ok: z.literal(true), db: z.literal('up'), leases: z.literal('current') });
/** `GET /readyz` (503): the database does not answer or the leases could not be renewed in time. */
export const readyDown = z.object({
  ok: z.literal(false),
  db: z.enum(['up', 'down']),
  leases: z.enum(['current', 'stale']),
  error: z.object({ code: z.string(), message: z.string(), requestId: z.string() }),
});

/** `POST /wake` (the runner): a signed nudge that a phone's send queue has new messages. */
export const nudgeHeaders = z.object({ 'x-wapi-wake-signature': z.string().max(128) });
export const nudgeBody = z.object({ phone_id: z.number().int().positive(), at: z.number().int().positive() });
export const nudgeAnswer = z.object({ ok: z.literal(true), hosted: z.boolean() });

/** `GET /metrics`: the Prometheus text format (version 0.0.4). */
export const metricsText = z.string();
