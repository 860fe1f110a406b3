/** The six cart-recovery e-mails in the order they go out (4-admin §4). */
export const CART_TEMPLATES = [
  'payment-declined',
  'checkout-abandoned',
  'first-discount',
  'second-discount',
  'third-discount',
  'last-discount',
] as const;
export type CartTemplate = (typeof CART_TEMPLATES)[number];

/** How the back-office names each step (4-admin §4); any other value is 'automatic'. */
export const CART_STEP_LABELS: Record<CartTemplate, string> = {
  'payment-declined': 'First send',
  'checkout-abandoned': 'Second send',
  'first-discount': '10% discount',
  'second-discount': '20% discount',
  'third-discount': '30% discount',
  'last-discount': '40% discount',
};

/** The discount each discount step's checkout link carries, in percent (4-admin §9). */
export const CART_DISCOUNTS: Partial<Record<CartTemplate, number>> = {
  'first-discount': 10,
  'second-discount': 20,
  'third-discount': 30,
  'last-discount': 40,
};

/** A template value's label; unknown values are the automatic sends. */
export function cartTemplateLabel(value: string): string {
  return (CART_STEP_LABELS as Record<string, string>)[value] ?? 'automatic';
}

/** The footprint label of a failed or closed checkout as staff see it (4-admin §3). */
export function cartEventLabel(category: string): string {
  return category === 'payment-declined' ? 'paddle-payment-declined' : category;
}

/** Rows per abandoned-cart page (4-admin §9). */
export const CART_PAGE_SIZE = 50;

/** The cart price shown when none was recorded (4-admin §9). */
export const CART_FALLBACK_PRICE = { price: 29.9, currency: 'USD' } as const;

/** Texts of the cart screens: the spec's own, and Turkish where it says the alert is Turkish (4-admin §8). */
export const CART_MSG = {
  userNotFound: 'User ID not found',
  userNotFoundTr: 'Kullanıcı bulunamadı',
  noEmailYet: 'Henüz e-posta gönderilmedi',
  chooseTemplate: 'Lütfen bir şablon seçin.',
  sendFailed: 'E-posta gönderilemedi.',
  noteFailed: 'Not kaydedilemedi.',
  sent: 'Recovery e-mail sent.',
  noCart: 'This user has no failed or abandoned checkout.',
  unsubscribed: 'This user unsubscribed from cart-recovery e-mails.',
} as const;
