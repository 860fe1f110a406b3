import { z } from 'zod';
import { GET_STARTED_KEYS } from '../../onboarding-keys';

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

/** Answers of the onboarding calls: get-started progress, survey and contact (3-developer §2.6 to §2.8). */

export const getStartedAnswer = z
  .object({
    success: z.literal(true),
    percent: z.number().int().meta({
      description:
        'Share of the get-started steps done (every card but the documentation guide): a plan (trial or subscription), a linked phone, a webhook, a sent message and a paid plan',
      example: 40,
    }),
    welcome: z.boolean().meta({ description: 'No trial and no subscription yet: the console shows the welcome modal' }),
    cards: z.array(
      z.object({
        key: z.enum(GET_STARTED_KEYS),
        done: z.boolean().nullable().meta({ description: 'null for a guide with no state (documentation)' }),
      }),
    ),
  })
  .meta({ id: 'GetStarted' });

/** Survey and contact: the message the console shows once staff have it. */
export const sentToStaffAnswer = z.object({ success: z.literal(true), message: z.string() });
