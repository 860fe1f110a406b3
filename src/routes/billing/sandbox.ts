import { closeCheckout, payCheckout } from '../../adapters/billing/sandbox-checkout';
import { ApiError } from '../../errors';
import { createMiddleware } from 'hono/factory';
import type { AppContext, AppEnv } from '../../env';
import { staffOnly } from '../../middleware/staff';
import { payload } from '../../middleware/payload';
import { plans } from '../../services/billing/catalogue';
import { getCheckout } from '../../services/billing/checkout-rows';
import { runDue } from '../../services/billing/due';
import { receiptOf } from '../../services/billing/history';
import { ownSubscriptionAnyProduct } from '../../services/billing/subscriptions';
import { DAY_MS, moveClock } from '../../services/billing/time';
import { brandName } from '../../shared/brand';
import { planTitle } from '../../shared/billing/plans';
import { BILLING_MSG } from '../../shared/billing/messages';
import {
  clockBody,
  payBody,
  clockAnswer,
  payAnswer,
  sandboxCheckoutParams,
  sandboxCloseAnswer,
  sandboxReceiptParams,
  sandboxScriptText,
} from '../../shared/schemas/billing';
import { errorShape } from '../../shared/schemas/common';
import { CONSOLE_TAGS, htmlPage } from '../kit/console-declare';
import { body, endpoint, ERRORS, ok, routes } from '../kit/declare';
import { CHECKOUT_SCRIPT, checkoutPage, receiptPage } from './sandbox-pages';

const T = CONSOLE_TAGS.sandbox;
/** A checkout already paid or closed cannot be paid or closed again. */
const gone = {
  410: { description: 'The checkout is no longer open', content: { 'application/json': { schema: errorShape } } },
} as const;

/** The sandbox exists only where billing is the sandbox; elsewhere its paths are not there. */
function sandboxOnly(c: AppContext): void {
  if (c.get('deps').config.billing !== 'sandbox')
    throw new ApiError('NOT_FOUND', 'The sandbox checkout is not enabled on this server.');
}

const pay = endpoint(
  'post',
  '/checkout/{checkoutId}/pay',
  T,
  'Pay a sandbox checkout with a test card',
  {
    params: sandboxCheckoutParams,
    body: body(payBody, {
      succeeds: { card: '4242 4242 4242 4242' },
      declined: { card: '4000 0000 0000 0002' },
      failsAtRenewal: { card: '4000 0000 0000 0341' },
    }),
  },
  { ...ok(payAnswer), ...gone } as const,
  { middleware: [payload(4096)] as const },
);
const close = endpoint(
  'post',
  '/checkout/{checkoutId}/close',
  T,
  'Leave a sandbox checkout without paying',
  { params: sandboxCheckoutParams },
  { ...ok(sandboxCloseAnswer), ...gone } as const,
);
/** The clock exists only where config.sandboxClock says (never in production): elsewhere its path is not there. */
const clockAvailable = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('deps').config.sandboxClock)
    throw new ApiError('NOT_FOUND', 'The sandbox clock is not available on this server.');
  await next();
});

const clock = endpoint(
  'post',
  '/clock',
  T,
  'Move billing time ahead (staff admins only; tests and demos, never in production): runs the renewals, retries, trial ends and reductions that fall in that span for every customer',
  { body: body(clockBody, { week: { advanceDays: 7 } }) },
  ok(clockAnswer),
  // It moves every customer's billing time: a staff admin's call, never a customer's.
  { middleware: [clockAvailable, staffOnly('admin'), payload(1024)] as const },
);

/** `/api/sandbox/...`: the sandbox checkout's actions and its clock. */
export const sandboxApiRoutes = routes()
  .openapi(pay, async (c) => {
    sandboxOnly(c);
    const { checkoutId } = c.req.valid('param');
    const { subscriptionId } = await payCheckout(c.get('ctx'), checkoutId, c.req.valid('json').card);
    return c.json(
      {
        success: true as const,
        message: BILLING_MSG.purchaseOk,
        subscription_id: subscriptionId,
        redirect: `/subscription?checkout=success&checkout_id=${checkoutId}`,
      },
      200,
    );
  })
  .openapi(close, async (c) => {
    sandboxOnly(c);
    await closeCheckout(c.get('ctx'), c.req.valid('param').checkoutId);
    return c.json({ success: true as const, message: BILLING_MSG.checkoutClosed }, 200);
  })
  .openapi(clock, async (c) => {
    const ctx = c.get('ctx');
    const now = await moveClock(ctx, Math.round(c.req.valid('json').advanceDays * DAY_MS));
    const applied = await runDue(ctx, now);
    return c.json(
      {
        success: true as const,
        now: new Date(now).toISOString(),
        offsetDays: Math.round(((now - ctx.now()) / DAY_MS) * 100) / 100,
        applied,
      },
      200,
    );
  });

const page = endpoint(
  'get',
  '/checkout/{checkoutId}',
  CONSOLE_TAGS.pages,
  "The sandbox's hosted checkout page",
  { params: sandboxCheckoutParams },
  htmlPage(),
);
const receipt = endpoint(
  'get',
  '/receipt/{txnId}',
  CONSOLE_TAGS.pages,
  'A printable receipt of a sandbox payment',
  { params: sandboxReceiptParams },
  htmlPage(),
);
const script = endpoint(
  'get',
  '/checkout.js',
  CONSOLE_TAGS.pages,
  "The checkout and receipt pages' script",
  {},
  {
    200: { description: 'The script', content: { 'application/javascript': { schema: sandboxScriptText } } },
    ...ERRORS,
  },
);

/** `/sandbox/...`: the hosted checkout and receipt pages. */
export const sandboxPageRoutes = routes()
  .openapi(page, async (c) => {
    sandboxOnly(c);
    const ctx = c.get('ctx');
    const row = await getCheckout(ctx, c.req.valid('param').checkoutId);
    c.header('cache-control', 'no-store');
    const plan = plans(ctx).get(row.planId);
    return c.html(checkoutPage(brandName(ctx.config.BRAND), row, plan ? planTitle(plan) : row.planId), 200);
  })
  .openapi(receipt, async (c) => {
    const ctx = c.get('ctx');
    const p = await receiptOf(ctx, c.req.valid('param').txnId);
    const sub = await ownSubscriptionAnyProduct(ctx, p.subscriptionId);
    const plan = plans(ctx).get(sub?.planId ?? '');
    return c.html(receiptPage(brandName(ctx.config.BRAND), p, plan ? planTitle(plan) : 'Subscription'), 200);
  })
  .openapi(script, (c) => {
    c.header('content-type', 'application/javascript; charset=utf-8');
    c.header('cache-control', 'public, max-age=300');
    return c.body(CHECKOUT_SCRIPT, 200);
  });
