import { atom } from 'nanostores';
import type { z } from 'zod';
import type { CartTemplate } from '../../src/shared/cart-recovery';
import type { abandonedCartAnswer, cartDetailAnswer } from '../../src/shared/schemas/staff/cart';
import { apiPost } from '../lib/api';
import { MSG } from '../lib/messages';
import { staffPath } from './staff';

export type CartPage = Omit<z.infer<typeof abandonedCartAnswer>, 'success'>;
export type CartDetail = Omit<z.infer<typeof cartDetailAnswer>, 'success'>;

/** The dashboard's filters (4-admin §2 "Abandoned-cart dashboard"); empty strings are no filter. */
export interface CartFilter {
  email: string;
  dateFrom: string;
  dateTo: string;
  riskLevel: '' | 'high' | 'medium' | 'low';
  minFailures: string;
  uid: string;
}
export const NO_CART_FILTER: CartFilter = {
  email: '',
  dateFrom: '',
  dateTo: '',
  riskLevel: '',
  minFailures: '',
  uid: '',
};

/** The dashboard page on screen; null until loaded. */
export const $carts = atom<CartPage | null>(null);
export const $cartsError = atom('');
/** The cart detail on screen, with its load failure ('' when fine, 404 when the user is unknown). */
export const $cartDetail = atom<CartDetail | null>(null);
export const $cartDetailError = atom<{ status: number; text: string } | null>(null);

/** Loads one dashboard page with the filters that are set. */
export async function loadCarts(page: number, f: CartFilter): Promise<void> {
  $cartsError.set('');
  const filter = Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, ['minFailures', 'uid'].includes(k) ? Number(v) : v.trim()]),
  );
  try {
    const { result, general, pagination } = await apiPost<CartPage>(staffPath('abandoned-cart'), {
      page,
      limit: 50,
      filter,
    });
    $carts.set({ result, general, pagination });
  } catch {
    $cartsError.set(MSG.loadFailed);
  }
}

/** Loads the detail page's user. */
export async function loadCartDetail(uid: number): Promise<void> {
  $cartDetailError.set(null);
  try {
    const { user, steps, history } = await apiPost<CartDetail>(staffPath('cart-detail'), { uid });
    $cartDetail.set({ user, steps, history });
  } catch (e) {
    $cartDetail.set(null);
    $cartDetailError.set({ status: (e as { status?: number }).status ?? 0, text: MSG.loadFailed });
  }
}

/** Sends one recovery e-mail now (`POST /api/mailer/cart-recovery`), then reloads the detail. */
export async function sendCartMail(
  uid: number,
  email: string,
  template: CartTemplate,
  lastEvent: string | null,
): Promise<void> {
  await apiPost('/api/mailer/cart-recovery', {
    uid,
    email,
    template_type: template,
    extra: lastEvent ? { last_event_label: lastEvent } : {},
  });
  await loadCartDetail(uid);
}

/** Saves the user's note (`POST /admin/user-note`). */
export async function saveCartNote(uid: number, note: string): Promise<void> {
  await apiPost(staffPath('user-note'), { uid, note });
}
