import { z } from 'zod';

/** `{ success }`: the answer of calls that only report that they worked. */
export const justSuccess = z.object({ success: z.boolean() });

/** The one error shape of every API failure. */
export const errorShape = z
  .object({
    success: z.literal(false),
    message: z.string(),
    error: z.object({ code: z.string(), message: z.string(), requestId: z.string() }).loose(),
  })
  .loose()
  .meta({ id: 'Error' });
