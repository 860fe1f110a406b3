import { atom } from 'nanostores';
import { apiGet } from '../lib/api';
import { getBootstrap, getConfig, type Product } from '../lib/bootstrap';
import { MSG } from '../lib/messages';

/** The signed-in customer's product; null until loaded. */
export const $product = atom<Product | null>(getBootstrap().product);
/** True while the product request is in flight. */
export const $productLoading = atom(false);
/** 'Load Failed.' after a failed load (1-console §8), else empty. */
export const $productError = atom('');

/** Loads the product from `GET /api/{brand}/product`. */
export async function loadProduct(): Promise<void> {
  if ($productLoading.get()) return;
  $productLoading.set(true);
  $productError.set('');
  try {
    const body = await apiGet<{ product: Product }>(`/api/${getConfig().brand}/product`);
    $product.set(body.product);
  } catch {
    $productError.set(MSG.loadFailed);
  } finally {
    $productLoading.set(false);
  }
}

/** Forgets the product (logout). */
export function clearProduct(): void {
  $product.set(null);
  $productError.set('');
}
