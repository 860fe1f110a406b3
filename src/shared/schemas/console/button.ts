import { z } from 'zod';
import { BUTTON_LIMITS } from '../../button-limits';

/**
 * The chat-button generator's settings (3-developer §2.5), saved per product so they follow the
 * customer to another browser. The console's form checks the number country-aware with the spec's
 * messages; the server keeps the shapes and sizes in bounds.
 */

const side = z.enum(['left', 'right']);

export const buttonSettings = z
  .strictObject({
    countryCode: z
      .string()
      .trim()
      .max(BUTTON_LIMITS.countryCode)
      .regex(/^\+?\d{1,4}$/, 'Enter country code.'),
    phone: z
      .string()
      .trim()
      .min(1, 'Enter phone number.')
      .max(BUTTON_LIMITS.phone)
      .regex(/^[+\d(][\d\s().-]*$/, 'Enter valid phone number.'),
    message: z.string().max(BUTTON_LIMITS.message),
    messageDesktop: z.boolean(),
    messageMobile: z.boolean(),
    design: z.enum(['small', 'large', 'large-green']),
    text: z
      .string()
      .max(BUTTON_LIMITS.text)
      .refine((t) => t.trim() !== '', 'Enter widget text.'),
    display: z.enum(['both', 'desktop', 'mobile']),
    positionMobile: side,
    positionDesktop: side,
    offsetBottom: z
      .number()
      .int()
      .min(0)
      .max(BUTTON_LIMITS.offsetBottom)
      .meta({ description: 'Distance from the bottom of the screen, px (default 20)' }),
  })
  .meta({ id: 'ButtonSettings' });
export type ButtonSettingsInput = z.infer<typeof buttonSettings>;

/** Save: the settings, and optionally the product id (another account's answers 404). */
export const saveButtonSettingsBody = buttonSettings.extend({ pid: z.string().max(64).optional() });

/** The saved settings, or null before the first save. */
export const buttonSettingsAnswer = z
  .object({ success: z.literal(true), settings: buttonSettings.nullable() })
  .meta({ id: 'ButtonSettingsAnswer' });

/** `GET /api/button/settings`: which product. */
export const buttonPidQuery = z.object({
  pid: z.string().max(64).optional().meta({ description: "The product id (another account's answers 404)" }),
});
