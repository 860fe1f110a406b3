import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { errorMessage } from '../../lib/messaging-api';
import { checkCheckout, footprint } from '../../stores/billing';
import type { Popup } from './dialogs';

/**
 * Back from the card checkout (`?checkout=success|closed&checkout_id=`): asks the server where the
 * checkout stands and shows 'Purchase is successful!', or the closed message (with its footprint);
 * then drops the query so a reload does not repeat it.
 */
export function useCheckoutReturn(popup: (text: string, tone: Popup['tone']) => void): void {
  const search = useSearch();
  const [, navigate] = useLocation();
  const seen = useRef('');
  useEffect(() => {
    const q = new URLSearchParams(search);
    const outcome = q.get('checkout');
    const id = q.get('checkout_id') ?? '';
    if (!outcome || seen.current === search) return;
    seen.current = search;
    navigate('/subscription', { replace: true });
    if (outcome === 'closed') {
      footprint('checkout-close', '', { checkout_id: id });
      popup(BILLING_MSG.checkoutClosed, 'error');
      return;
    }
    if (!id) return;
    checkCheckout(id).then(
      (state) => popup(state.message, state.status === 'paid' ? 'success' : 'error'),
      (e: unknown) => popup(errorMessage(e), 'error'),
    );
  }, [search, navigate, popup]);
}
