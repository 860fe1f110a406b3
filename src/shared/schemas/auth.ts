import { z } from 'zod';

/** Response shapes of the console's account calls (`/api/auth/*`, password reset): declared by the routes, read by the console. */

/** The company block of a user's profile (1-console §3, User.extra.company). */
export const companyInfo = z.object({
  name: z.string().optional(),
  vatNumber: z.string().optional(),
  country: z.string().optional(),
  state: z.string().optional(),
  city: z.string().optional(),
  street: z.string().optional(),
  postcode: z.string().optional(),
  phonenumber: z.string().optional(),
});

/** The signed-in console user as the server sends it. */
export const consoleUser = z
  .object({
    id: z.number().int(),
    email: z.string().meta({ example: 'ada@example.com' }),
    name: z.string(),
    company: z.string(),
    phone: z.string(),
    isAuthenticated: z.literal(true),
    isGoogle: z.boolean(),
    hasPassword: z.boolean().meta({ description: 'False for accounts made with Google that never set a password' }),
    role: z.enum(['customer', 'admin', 'limited']).meta({
      description: 'Staff role: admin (the whole back-office), limited (its footprint and feedback tabs) or customer',
    }),
    extra: z.looseObject({
      company: companyInfo.optional(),
      isRocket: z.boolean().optional(),
      admin: z.boolean().optional(),
      limitedAgent: z.boolean().optional(),
    }),
  })
  .meta({ id: 'ConsoleUser' });

/** `{ success, data: user }`: login, register, the current user and profile changes. */
export const userAnswer = z.object({ success: z.boolean(), data: consoleUser });

/** `{ success, message }`: calls whose answer is a sentence to show. */
export const messageAnswer = z.object({ success: z.boolean(), message: z.string() });
