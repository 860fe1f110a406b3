import { requireUser } from '../../middleware/session';
import { agentCount } from '../../services/agents/seats';
import { checkoutState, startCheckout } from '../../services/billing/checkout';
import { onboarding } from '../../services/billing/onboarding';
import { partnerLogs } from '../../services/billing/partner';
import { dayString } from '../../services/billing/time';
import { changeTrial, createTrial, deleteTrial } from '../../services/billing/trials';
import {
  checkoutBody,
  checkSubscriptionBody,
  deleteTrialBody,
  partnerLogsQuery,
  trialBody,
  billingMessageAnswer,
  checkoutLinkAnswer,
  checkoutStateAnswer,
  onboardingAnswer,
  partnerLogsAnswer,
} from '../../shared/schemas/billing';
import { CONSOLE_TAGS, signedInBody, signedInCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';

const T = CONSOLE_TAGS.billing;
const message = ok(billingMessageAnswer);

const link = endpoint(
  'post',
  '/custompaddlelink',
  T,
  'Open a card checkout for a plan and quantity (staff: a custom price, title and message)',
  {
    body: body(checkoutBody, {
      plan: { plan_id: '569723', quantity: 2, isVat: false, email: 'me@example.com' },
      company: {
        plan_id: '569723',
        isVat: true,
        vat_number: 'DE123456789',
        vat_company_name: 'Acme GmbH',
        vat_street: 'Hauptstr. 1',
        vat_city: 'Berlin',
        vat_country: 'DE',
        vat_postcode: '10115',
      },
    }),
  },
  ok(checkoutLinkAnswer),
  signedInBody(),
);
const check = endpoint(
  'post',
  '/checkSubscription',
  T,
  'Where a checkout stands after the card step',
  { body: body(checkSubscriptionBody) },
  ok(checkoutStateAnswer),
  signedInBody(),
);
const trial = endpoint(
  'post',
  '/createFreeTrial',
  T,
  'Start the three-day free trial (once per account)',
  { body: body(trialBody, { api: { type: 'wapi-trial-api' }, kind: { type: 'api' } }) },
  message,
  signedInBody(),
);
const trialChange = endpoint(
  'post',
  '/changetrial',
  T,
  'Switch the running trial to another trial type',
  { body: body(trialBody) },
  message,
  signedInBody(),
);
const trialDelete = endpoint(
  'post',
  '/deleteFreeTrial',
  T,
  'End the running trial now',
  { body: body(deleteTrialBody) },
  message,
  signedInBody(),
);
const partner = endpoint(
  'get',
  '/getPartnerLogs',
  T,
  'Partner billing of a month: live days and price per phone',
  { query: partnerLogsQuery },
  ok(partnerLogsAnswer),
  signedInCall(),
);
const checklist = endpoint(
  'get',
  '/onboarding',
  T,
  "The onboarding checklist and its percent, from the account's real state",
  {},
  ok(onboardingAnswer),
  signedInCall(),
);

/** `/api/{brand}/...`: checkout, trials, partner billing and the onboarding checklist. */
export const purchaseRoutes = routes()
  .openapi(link, async (c) => {
    const input = c.req.valid('json');
    const { url, checkoutId } = await startCheckout(
      c.get('ctx'),
      requireUser(c),
      await ownProduct(c, input.pid),
      input,
    );
    return c.json({ success: true as const, data: { response: { url, checkout_id: checkoutId } } }, 200);
  })
  .openapi(check, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        ...(await checkoutState(c.get('ctx'), await ownProduct(c, input.pid), input.checkout_id)),
      },
      200,
    );
  })
  .openapi(trial, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        message: await createTrial(c.get('ctx'), await ownProduct(c, input.pid), requireUser(c).email, input.type),
      },
      200,
    );
  })
  .openapi(trialChange, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      { success: true as const, message: await changeTrial(c.get('ctx'), await ownProduct(c, input.pid), input.type) },
      200,
    );
  })
  .openapi(trialDelete, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      { success: true as const, message: await deleteTrial(c.get('ctx'), await ownProduct(c, input.pid)) },
      200,
    );
  })
  .openapi(partner, async (c) => {
    const q = c.req.valid('query');
    const ctx = c.get('ctx');
    const month = q.month ?? dayString(ctx.now()).slice(0, 7);
    return c.json({ success: true as const, ...(await partnerLogs(ctx, await ownProduct(c, q.pid), month)) }, 200);
  })
  .openapi(checklist, async (c) => {
    const product = await ownProduct(c);
    return c.json(
      {
        success: true as const,
        ...(await onboarding(c.get('ctx'), requireUser(c), product, await agentCount(c.get('ctx'), product.id))),
      },
      200,
    );
  });
