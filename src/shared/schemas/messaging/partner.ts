import { z } from 'zod';

/** The partner path (`/partner/{productId}/...`, 2-phones §6): its requests and answers. */

/** addPhone's query on the partner path: the number, when it is known before the scan. */
export const partnerNumberQuery = z.object({
  number: z.string().optional().meta({ description: 'The number with country code, if known before the scan' }),
});

/** Path of POST /partner/{productId}/{phoneId}/changeMod. */
export const partnerPhoneParams = z.object({
  phoneId: z.string().meta({ description: 'The phone id', example: '42' }),
});

/** changeMod's body: the mode, checked by the service (so a wrong one is answered in its words). */
export const partnerModeBody = z.looseObject({
  mod: z.unknown().meta({ description: '`live` or `closed`', example: 'live' }),
});

/** `POST /partner/{productId}/{phoneId}/changeMod`. */
export const partnerModeAnswer = z.object({
  success: z.boolean(),
  mod: z.enum(['live', 'closed', 'trial']).nullable(),
});
