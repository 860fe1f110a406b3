import { atom } from 'nanostores';
import type { z } from 'zod';
import type {
  checkoutStateAnswer,
  onboardingAnswer,
  partnerLogsAnswer,
  paymentHistoryAnswer,
  previewData,
  subsDetailsAnswer,
} from '../../src/shared/schemas/billing';
import { apiGet, apiPost } from '../lib/api';
import { getConfig } from '../lib/bootstrap';
import { loadProduct } from './product';

/**
 * The subscription area's data and actions (1-console §2, §7). Every call answers the server's
 * message; the product (limits, activeSubs, deletedSubs, trial) is reloaded about a second after a
 * change (1-console §4), as the spec's console does.
 */

export type Preview = z.infer<typeof previewData>;
export type PaymentHistory = z.infer<typeof paymentHistoryAnswer>['data'];
export type PartnerLogs = z.infer<typeof partnerLogsAnswer>;
export type Onboarding = z.infer<typeof onboardingAnswer>;
export type CheckoutState = z.infer<typeof checkoutStateAnswer>;

/** How long after a change the product is reloaded. */
export const REFRESH_AFTER_MS = 1_000;

const path = (call: string) => `/api/${getConfig().brand}/${call}`;
type Message = { message: string };

function refreshSoon(): void {
  setTimeout(() => void loadProduct(), REFRESH_AFTER_MS);
}

async function change(call: string, payload: Record<string, unknown>): Promise<string> {
  const res = await apiPost<Message>(path(call), payload);
  refreshSoon();
  return res.message;
}

/** Company details of the purchase form (1-console §3), sent as the checkout's VAT fields. */
export interface CompanyForm {
  vatNumber: string;
  companyName: string;
  companyStreet: string;
  companyCity: string;
  companyState: string;
  companyCountry: string;
  companyPostCode: string;
}

/** Opens a checkout; answers the URL of the card payment page (the sandbox's own page, or Paddle's). */
export async function openCheckout(
  planId: string,
  quantity: number,
  email: string,
  company: CompanyForm | null,
): Promise<{ url: string; checkout_id: string }> {
  const vat = company
    ? {
        isVat: true,
        vat_number: company.vatNumber,
        vat_company_name: company.companyName,
        vat_street: company.companyStreet,
        vat_city: company.companyCity,
        vat_state: company.companyState,
        vat_country: company.companyCountry,
        vat_postcode: company.companyPostCode,
        country: company.companyCountry,
        postcode: company.companyPostCode,
      }
    : { isVat: false };
  const res = await apiPost<{ data: { response: { url: string; checkout_id: string } } }>(path('custompaddlelink'), {
    plan_id: planId,
    quantity,
    email,
    ...vat,
  });
  return res.data.response;
}

/** Where a checkout stands after the card step (`checkSubscription`). */
export async function checkCheckout(checkoutId: string): Promise<CheckoutState> {
  const res = await apiPost<CheckoutState>(path('checkSubscription'), { checkout_id: checkoutId });
  refreshSoon();
  return res;
}

export const previewChange = async (
  subscriptionId: string,
  next: { quantity: number; selectedOldQuantity?: number } | { plan_id: string },
): Promise<Preview> =>
  (await apiPost<{ response: Preview }>(path('checkpreview'), { subscription_id: subscriptionId, ...next })).response;

/** Raise (phone_ids: phones to enable) or reduce (phone_ids: phones to disable at the period end). */
export const updateQuantity = (subscriptionId: string, quantity: number, oldQuantity: number, phoneIds: number[]) =>
  change('updateSubscription', {
    subscription_id: subscriptionId,
    quantity,
    old_quantity: oldQuantity,
    phone_ids: phoneIds,
    is_increase: quantity > oldQuantity,
  });
export const changePlan = (subscriptionId: string, planId: string) =>
  change('updateplanid', { subscription_id: subscriptionId, plan_id: planId });
export const cancelSubscription = (subscriptionId: string, feedbackOption: string, feedbackText: string) =>
  change('cancelSubscription', { subscription_id: subscriptionId, feedbackOption, feedbackText });
export const reactivate = (subscriptionId: string) =>
  change('reactiveSubscription', { subscription_id: subscriptionId });
/** Takes back a cancel scheduled for the period end. */
export const undoCancel = (subscriptionId: string) => change('undoCancel', { subscription_id: subscriptionId });
export const createTrial = (type: string) => change('createFreeTrial', { type });
export const changeTrial = (type: string) => change('changetrial', { type });
export const deleteTrial = () => change('deleteFreeTrial', {});

/** The link where the card of a subscription is changed. */
export const paymentMethodUrl = async (subscriptionId: string): Promise<string> =>
  (await apiPost<z.infer<typeof subsDetailsAnswer>>(path('getsubsdetails'), { subscription_id: subscriptionId }))
    .response[0]!.update_url;

export const paymentHistory = async (subscriptionId: string): Promise<PaymentHistory> =>
  (await apiPost<{ data: PaymentHistory }>(path('getPaymentHistory'), { subscription_id: subscriptionId })).data;

/** Records a footprint event (checkout-start, checkout-success, checkout-close, feedback, payment-declined). */
export function footprint(category: string, label = '', extra: Record<string, unknown> = {}): void {
  void apiPost('/api/footprint/add', { category, label, extra }).catch(() => undefined);
}

/** The partner page's month of live-day billing. */
export const $partnerLogs = atom<PartnerLogs | null>(null);
export async function loadPartnerLogs(month?: string): Promise<void> {
  $partnerLogs.set(
    await apiGet<PartnerLogs>(path(`getPartnerLogs${month ? `?month=${encodeURIComponent(month)}` : ''}`)),
  );
}
