import { z } from 'zod';

/** Answers of the Instagram calls of the messaging API (3-developer §7). */
export const addInstagramResponse = z
  .object({
    success: z.boolean(),
    id: z.number().int().meta({ description: "The account's phone id: use it in the per-phone calls", example: 43 }),
    number: z.string().meta({ description: 'The username; empty until the first login', example: '' }),
  })
  .meta({ id: 'AddInstagram' });

export const instagramLoginResponse = z
  .union([
    z.object({ success: z.literal(true) }),
    z.object({
      success: z.literal(false),
      code_required: z.literal(true).meta({ description: 'Send the login again with the two-factor code' }),
    }),
    z.object({
      success: z.literal(false),
      error: z.string().meta({
        description: "Instagram's reason",
        example: 'The password you entered is incorrect. Please try again.',
      }),
    }),
  ])
  .meta({ id: 'InstagramLogin' });
export type InstagramLoginResponse = z.infer<typeof instagramLoginResponse>;
