import { requireUser } from '../../middleware/session';
import { getStarted } from '../../services/billing/onboarding';
import { mailContact, mailSurvey } from '../../services/mail/support-notes';
import {
  contactBody,
  ONBOARDING_MSG,
  surveyBody,
  getStartedAnswer,
  sentToStaffAnswer,
} from '../../shared/schemas/console/onboarding';
import { CONSOLE_TAGS, signedInBody, signedInCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';

const T = CONSOLE_TAGS.account;

const started = endpoint(
  'get',
  '/getStarted',
  T,
  "The get-started cards and the progress to the first message, from the account's real state",
  {},
  ok(getStartedAnswer),
  signedInCall(),
);
const survey = endpoint(
  'post',
  '/survey',
  T,
  'Tell us which other platforms you use (mailed to staff)',
  {
    body: body(surveyBody, {
      whatsapp: { platforms: ['WhatsApp Business API'] },
      other: { platforms: ['Instagram', 'Others'], other: 'Telegram' },
    }),
  },
  ok(sentToStaffAnswer),
  signedInBody(8 * 1024),
);
const contact = endpoint(
  'post',
  '/contact',
  T,
  'Send a message to staff; they answer by e-mail',
  {
    body: body(contactBody, { question: { message: 'How do I send a poll with four options?' } }),
  },
  ok(sentToStaffAnswer),
  signedInBody(8 * 1024),
);

/** `/api/{brand}/...`: the get-started progress, the survey and the contact form (3-developer §2.6 to §2.8). */
export const onboardingRoutes = routes()
  .openapi(started, async (c) =>
    c.json({ success: true as const, ...(await getStarted(c.get('ctx'), await ownProduct(c))) }, 200),
  )
  .openapi(survey, async (c) => {
    const input = c.req.valid('json');
    const product = await ownProduct(c);
    await mailSurvey(c.get('ctx'), { email: requireUser(c).email, pid: product.id }, input.platforms, input.other);
    return c.json({ success: true as const, message: ONBOARDING_MSG.surveyThanks }, 200);
  })
  .openapi(contact, async (c) => {
    const input = c.req.valid('json');
    const product = await ownProduct(c);
    await mailContact(c.get('ctx'), { email: requireUser(c).email, pid: product.id }, input.message);
    return c.json({ success: true as const, message: ONBOARDING_MSG.contactSent }, 200);
  });
