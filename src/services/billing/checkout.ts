import { eq } from 'drizzle-orm';
import { products, type ProductRow, type UserRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { BILLING_MSG } from '../../shared/billing/messages';
import { POSTCODE_COUNTRIES, purchaseUnitPrice } from '../../shared/billing/plans';
import type { CheckoutInput } from '../../shared/schemas/billing';
import { findUserByEmail, productOfUser } from '../auth/users';
import { recordAudit } from '../staff/audit';
import type { ServiceCtx } from '../context';
import { planOf } from './catalogue';
import { type CheckoutRow, getCheckout, openCheckout } from './checkout-rows';
import { assertPlanAllowed } from './eligibility';
import { addFootprint } from './footprint';
import { billingProvider } from './provider';
import { productSubscriptions } from './subscriptions';

/** The company form (1-console §5): VAT number, name, street, city and country required; a postcode for the listed countries. */
function companyOf(input: CheckoutInput) {
  if (!input.isVat) return null;
  const company = {
    vatNumber: input.vat_number?.trim() ?? '',
    companyName: input.vat_company_name?.trim() ?? '',
    companyStreet: input.vat_street?.trim() ?? '',
    companyCity: input.vat_city?.trim() ?? '',
    companyState: input.vat_state?.trim() ?? '',
    companyCountry: (input.vat_country ?? input.country ?? '').trim().toUpperCase(),
    companyPostCode: (input.vat_postcode ?? input.postcode ?? '').trim(),
  };
  const missing = (['vatNumber', 'companyName', 'companyStreet', 'companyCity', 'companyCountry'] as const).find(
    (k) => !company[k],
  );
  if (missing) throw new ApiError('VALIDATION', `${missing} is required.`, { fields: { [missing]: 'required' } });
  if ((POSTCODE_COUNTRIES as readonly string[]).includes(company.companyCountry) && !company.companyPostCode) {
    throw new ApiError('VALIDATION', BILLING_MSG.postcodeRequired, { fields: { companyPostCode: 'required' } });
  }
  return company;
}

/**
 * The account a staff member's custom link is for, by the customer's e-mail: paying it subscribes
 * that customer's product, never the staff member's own.
 */
async function customerProduct(ctx: ServiceCtx, email: string | undefined): Promise<ProductRow> {
  if (!email?.trim())
    throw new ApiError('VALIDATION', "Enter the customer's e-mail: the link subscribes their account.", {
      fields: { email: 'required' },
    });
  const customer = await findUserByEmail(ctx, email.trim().toLowerCase());
  const product = customer && (await productOfUser(ctx, customer.id));
  if (!product) throw new ApiError('NOT_FOUND', 'No User');
  return product;
}

/**
 * Opens a checkout for a plan and quantity (`custompaddlelink`) and answers where to pay. Staff may
 * make a custom link with its own price, title and message; anyone else asking for that is refused.
 */
export async function startCheckout(
  ctx: ServiceCtx,
  user: UserRow,
  own: ProductRow,
  input: CheckoutInput,
): Promise<{ url: string; checkoutId: string }> {
  const custom = input.admin === true || input.custom_price !== undefined;
  if (custom && user.role !== 'admin') throw new ApiError('FORBIDDEN', BILLING_MSG.staffOnly);
  const product = custom ? await customerProduct(ctx, input.email) : own;
  const plan = planOf(ctx, custom ? `${ctx.config.BRAND}-custom-api` : input.plan_id);
  // The enterprise plan is sold only through a staff member's link, at the price agreed with sales.
  assertPlanAllowed(ctx, product, plan, { staff: custom, subs: await productSubscriptions(ctx, product.id) });
  const quantity = input.quantity ?? 1;
  const unit = custom ? Math.round((input.custom_price ?? 0) * 100) : purchaseUnitPrice(plan, product.settings);
  const provider = billingProvider(ctx);
  const row = await openCheckout(ctx, {
    pid: product.id,
    uid: product.uid,
    provider: provider.name,
    planId: plan.id,
    quantity,
    amount: unit * quantity,
    email: custom ? input.email!.trim().toLowerCase() : input.email?.trim() || user.email,
    company: companyOf(input),
    country: input.country?.trim().toUpperCase() || null,
    postcode: input.postcode?.trim() || null,
    title: input.title ?? null,
    message: input.message ?? null,
  });
  const { url } = await provider.createCheckout(ctx, row, plan);
  await addFootprint(ctx, product.uid, 'checkout-start', plan.id, {
    checkout_id: row.id,
    quantity,
    amount: row.amount,
  });
  if (custom)
    await recordAudit(ctx, { id: user.id, email: user.email }, 'paymentLink', row.email, {
      checkout_id: row.id,
      amount: row.amount,
      title: row.title,
    });
  return { url, checkoutId: row.id };
}

/** Where a checkout stands (`checkSubscription`, called after the card step). */
export async function checkoutState(ctx: ServiceCtx, product: ProductRow, checkoutId: string) {
  const row = await getCheckout(ctx, checkoutId);
  if (row.pid !== product.id) throw new ApiError('NOT_FOUND', 'Checkout not found.');
  const message =
    row.status === 'paid'
      ? BILLING_MSG.purchaseOk
      : row.status === 'declined'
        ? BILLING_MSG.declined
        : row.status === 'closed'
          ? BILLING_MSG.checkoutClosed
          : BILLING_MSG.pending;
  return { status: row.status, subscription_id: row.status === 'paid' ? row.subscriptionId : null, message };
}

/**
 * The purchase's rule again when a checkout for a new subscription is paid (issue 21): the account
 * may have changed since the link was made (the phones a PHONE15 needs cancelled, a setting taken
 * off). Throws the purchase's refusal; a card update for a subscription held is no purchase. The
 * enterprise plan is only ever in a staff member's link, so it is checked as theirs.
 */
export async function assertCheckoutAllowed(ctx: ServiceCtx, c: CheckoutRow): Promise<void> {
  if (c.subscriptionId) return;
  const product = await ctx.db.select().from(products).where(eq(products.id, c.pid)).get();
  if (!product) throw new ApiError('GONE', BILLING_MSG.checkoutGone);
  const plan = planOf(ctx, c.planId);
  assertPlanAllowed(ctx, product, plan, {
    staff: plan.name === 'CUSTOM',
    subs: await productSubscriptions(ctx, product.id),
  });
}

/** The refusal `assertCheckoutAllowed` would make, as words, or null where the plan still holds. */
export async function checkoutRefusal(ctx: ServiceCtx, c: CheckoutRow): Promise<string | null> {
  try {
    await assertCheckoutAllowed(ctx, c);
    return null;
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
}
