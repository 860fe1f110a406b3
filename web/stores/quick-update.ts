import { atom } from 'nanostores';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { planCatalogue } from '../../src/shared/billing/plans';
import type { SubscriptionEntry } from '../../src/shared/schemas/billing';
import { ApiError } from '../lib/api';
import { getConfig, type Product } from '../lib/bootstrap';

/** What the quick update dialog raises, and what the raise is for. */
export interface QuickUpdate {
  sub: SubscriptionEntry;
  /** The disabled phone the raise enables; null when the raise makes room for a new phone. */
  activate: number | null;
}

/** The open quick update dialog (2-phones §8), or null. */
export const $quickUpdate = atom<QuickUpdate | null>(null);

/**
 * The subscription the phones page may raise in place (2-phones §8, §9): an active one on a
 * quick-update plan. Partners cannot raise phones, so they never get one.
 */
export function quickUpdateSub(product: Product | null): SubscriptionEntry | null {
  if (!product || product.settings.partner) return null;
  const plans = planCatalogue(getConfig().brand);
  return (
    product.activeSubs.find((s) => s.data.status === 'active' && plans.get(s.data.subscription_plan_id)?.quickUpdate) ??
    null
  );
}

function failure(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.status === 0) return BILLING_MSG.network;
  return e instanceof ApiError && e.fromServer ? e.message : fallback;
}

/** A failed update: the server's message, else 'Update process failed'; no answer at all: 'Error communicating with the server'. */
export const updateFailureText = (e: unknown): string => failure(e, BILLING_MSG.updateFailed);

/** A failed preview: the server's message, else 'Error getting preview data'. */
export const previewFailureText = (e: unknown): string => failure(e, BILLING_MSG.previewFailed);
