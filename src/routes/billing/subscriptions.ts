import {
  cancelSubscription,
  changePlan,
  previewChange,
  reactivate,
  subscriptionDetails,
  undoCancel,
  updateQuantity,
} from '../../services/billing/changes';
import { paymentHistory } from '../../services/billing/history';
import { BILLING_MSG } from '../../shared/billing/messages';
import {
  cancelBody,
  planChangeBody,
  previewBody,
  subscriptionBody,
  updateBody,
  billingMessageAnswer,
  paymentHistoryAnswer,
  paymentHistoryQuery,
  previewAnswer,
  subsDetailsAnswer,
} from '../../shared/schemas/billing';
import { CONSOLE_TAGS, signedInBody, signedInCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';

const T = CONSOLE_TAGS.billing;
const message = ok(billingMessageAnswer);

const preview = endpoint(
  'post',
  '/checkpreview',
  T,
  'What a quantity or plan change costs now and at the next payment',
  { body: body(previewBody, { raise: { subscription_id: 'sub_sbx_…', quantity: 3, selectedOldQuantity: 2 } }) },
  ok(previewAnswer),
  signedInBody(),
);
const update = endpoint(
  'post',
  '/updateSubscription',
  T,
  "Raise (charged now, prorated) or reduce (at the period end) a subscription's quantity",
  {
    body: body(updateBody, { raise: { subscription_id: 'sub_sbx_…', quantity: 3, old_quantity: 2, phone_ids: [12] } }),
  },
  message,
  signedInBody(),
);
const planChange = endpoint(
  'post',
  '/updateplanid',
  T,
  'Move a subscription to another plan from its next payment',
  { body: body(planChangeBody) },
  message,
  signedInBody(),
);
const cancel = endpoint(
  'post',
  '/cancelSubscription',
  T,
  'Cancel a subscription with feedback: a paid one ends at the end of its paid period; a trial, past-due or paused one now',
  {
    body: body(cancelBody, { cancel: { subscription_id: 'sub_sbx_…', feedbackOption: 'expensive', feedbackText: '' } }),
  },
  message,
  signedInBody(),
);
const cancel2 = endpoint(
  'post',
  '/cancelSubscription2',
  T,
  'Cancel a subscription (the reduced form some accounts send)',
  { body: body(cancelBody) },
  message,
  signedInBody(),
);
const undo = endpoint(
  'post',
  '/undoCancel',
  T,
  'Take back a cancel scheduled for the end of the paid period: the subscription renews as before',
  { body: body(subscriptionBody) },
  message,
  signedInBody(),
);
const restart = endpoint(
  'post',
  '/reactiveSubscription',
  T,
  'Restart a paused subscription: charged now, a new cycle from today',
  { body: body(subscriptionBody) },
  message,
  signedInBody(),
);
const details = endpoint(
  'post',
  '/getsubsdetails',
  T,
  'The link where the customer changes the card of a subscription',
  { body: body(subscriptionBody) },
  ok(subsDetailsAnswer),
  signedInBody(),
);
const history = endpoint(
  'post',
  '/getPaymentHistory',
  T,
  "A subscription's payments, newest first, with receipts",
  { body: body(subscriptionBody) },
  ok(paymentHistoryAnswer),
  signedInBody(),
);
const refresh = endpoint(
  'get',
  '/refreshSubscription',
  T,
  'Reload the subscriptions (the product call then answers the fresh state)',
  { query: paymentHistoryQuery },
  message,
  signedInCall(),
);
const refreshPost = endpoint('post', '/refreshSubscription', T, 'Reload the subscriptions', {}, message, {
  ...signedInCall(),
  hide: true,
});

/** `/api/{brand}/...`: the subscription calls of 1-console §7. */
export const subscriptionRoutes = routes()
  .openapi(preview, async (c) => {
    const input = c.req.valid('json');
    const product = await ownProduct(c, input.pid);
    return c.json({ success: true as const, response: await previewChange(c.get('ctx'), product, input) }, 200);
  })
  .openapi(update, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      { success: true as const, message: await updateQuantity(c.get('ctx'), await ownProduct(c, input.pid), input) },
      200,
    );
  })
  .openapi(planChange, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        message: await changePlan(c.get('ctx'), await ownProduct(c, input.pid), input.subscription_id, input.plan_id),
      },
      200,
    );
  })
  .openapi(cancel, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        message: await cancelSubscription(c.get('ctx'), await ownProduct(c, input.pid), input),
      },
      200,
    );
  })
  .openapi(cancel2, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        message: await cancelSubscription(c.get('ctx'), await ownProduct(c, input.pid), input),
      },
      200,
    );
  })
  .openapi(undo, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        message: await undoCancel(c.get('ctx'), await ownProduct(c, input.pid), input.subscription_id),
      },
      200,
    );
  })
  .openapi(restart, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        message: await reactivate(c.get('ctx'), await ownProduct(c, input.pid), input.subscription_id),
      },
      200,
    );
  })
  .openapi(details, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        response: await subscriptionDetails(c.get('ctx'), await ownProduct(c, input.pid), input.subscription_id),
      },
      200,
    );
  })
  .openapi(history, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        data: await paymentHistory(c.get('ctx'), await ownProduct(c, input.pid), input.subscription_id),
      },
      200,
    );
  })
  .openapi(refresh, async (c) => {
    await ownProduct(c, c.req.valid('query').pid);
    return c.json({ success: true as const, message: BILLING_MSG.processOk }, 200);
  })
  .openapi(refreshPost, async (c) => {
    await ownProduct(c);
    return c.json({ success: true as const, message: BILLING_MSG.processOk }, 200);
  });
