import { z } from 'zod';
import { MSG } from '../auth-messages';

/** Response shapes of the console's account calls (`/api/auth/*`, password reset): declared by the routes, read by the console. */

/** The company block of a user's profile (1-console §3, User.extra.company). */
const companyInfo = z.object({
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
const consoleUser = z
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

export { MSG };

/** Countries whose addresses need a postcode (1-console §5). */
export const POSTCODE_COUNTRIES = ['AU', 'CA', 'DE', 'ES', 'FR', 'GB', 'IN', 'IT', 'NL', 'US'] as const;

export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S{8,}$/;
const PHONE_PATTERN = /^\+?\d+$/;
const MAX = 200;

const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((e) => e.toLowerCase());

const strongPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(MAX, MSG.passwordRule)
  .regex(STRONG_PASSWORD, MSG.passwordRule);

export const loginSchema = z.object({
  username: email,
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(MAX)
    .min(6, MSG.passwordLoginMin),
});

export const registerSchema = z.object({
  email,
  password: strongPassword,
  name: z.string().trim().max(100).optional(),
});

export const forgotSchema = z.object({ email, from: z.string().max(100).optional() });

export const resetSchema = z.object({
  token: z.string().min(10).max(200),
  password: strongPassword,
});

const companySchema = z
  .object({
    name: z.string().trim().max(200).optional(),
    vatNumber: z.string({ error: MSG.vatRequired }).trim().min(1, MSG.vatRequired).max(64),
    country: z.string().trim().toUpperCase().max(2).optional().default(''),
    state: z.string().trim().max(100).optional().default(''),
    city: z.string({ error: MSG.cityRequired }).trim().min(1, MSG.cityRequired).max(100),
    street: z.string({ error: MSG.streetRequired }).trim().min(1, MSG.streetRequired).max(200),
    postcode: z.string().trim().max(20).optional().default(''),
    phonenumber: z.string().trim().max(30).optional(),
  })
  .refine((c) => !(POSTCODE_COUNTRIES as readonly string[]).includes(c.country) || c.postcode.length > 0, {
    message: MSG.postcodeRequired,
    path: ['postcode'],
  });

const phone = z
  .string()
  .trim()
  .max(30)
  .refine((p) => p === '' || PHONE_PATTERN.test(p), MSG.phoneInvalid);

export const updateInfoSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().min(1, MSG.nameRequired).max(100).optional(),
  phone: phone.optional(),
  company: z.string().trim().max(200).optional(),
  extra: z.object({ company: companySchema.optional() }).optional(),
});

export const updatePhoneSchema = z.object({ id: z.coerce.number().int().positive(), phone });

export const CURRENT_PASSWORD_REQUIRED = 'The current password is required.';

export const updatePasswordSchema = z.object({
  // The registration rule and its one message, which the settings form also shows as its hint.
  newpassword: strongPassword,
  currentpassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(MAX),
});

/** `GET /api/auth/google`: where the sign-in started and where to come back to. */
export const googleStartQuery = z.object({
  from: z.string().optional().meta({ description: '`register` when coming from the sign-up page' }),
  origin: z.string().optional().meta({
    description: 'The console page to come back to, kept only when it stays on the site (the post-login rule)',
    example: '/tools/warmingup',
  }),
});

/** `GET /api/auth/google/callback`: Google's return. */
export const googleCallbackQuery = z.object({ state: z.string().optional(), code: z.string().optional() });

/** `GET /dev/mailbox/{id}`: one e-mail of the local mailbox. */
export const mailboxParams = z.object({ id: z.coerce.number().int().meta({ example: 1 }) });
