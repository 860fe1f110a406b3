import { z } from 'zod';

/** Request bodies of the survey and contact calls (3-developer §2.6, §2.8), shared by the console's forms. */

/** The survey's platforms, as the page lists them. */
export const SURVEY_PLATFORMS = ['Instagram', 'Facebook Messenger', 'WhatsApp Business API', 'Others'] as const;
export const OTHER_MAX = 200;
export const CONTACT_MIN = 10;
export const CONTACT_MAX = 2000;

/** The console's words for these forms; the spec shows none but the Send rule. */
export const ONBOARDING_MSG = {
  pickPlatform: 'Please choose at least one platform.',
  otherRequired: 'Please tell us which other platform.',
  surveyThanks: 'Thank you! Your answer has been sent.',
  contactShort: `Please write at least ${CONTACT_MIN} characters.`,
  contactSent: 'Your message has been sent. We will answer you by e-mail.',
} as const;

export const surveyBody = z
  .looseObject({
    platforms: z.array(z.enum(SURVEY_PLATFORMS)).min(1, ONBOARDING_MSG.pickPlatform).max(SURVEY_PLATFORMS.length),
    other: z.string().trim().max(OTHER_MAX).optional().meta({ description: 'Which other platform, with Others' }),
  })
  .refine((b) => !b.platforms.includes('Others') || Boolean(b.other), {
    message: ONBOARDING_MSG.otherRequired,
    path: ['other'],
  });

export const contactBody = z.looseObject({
  message: z.string().trim().min(CONTACT_MIN, ONBOARDING_MSG.contactShort).max(CONTACT_MAX),
});
