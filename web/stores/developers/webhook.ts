import { atom } from 'nanostores';
import type { z } from 'zod';
import type { phoneConfig, productData } from '../../../src/shared/schemas/messaging/answers';
import type { checkWebhookAnswer } from '../../../src/shared/schemas/console/product';
import { apiPost } from '../../lib/api';
import { getConfig } from '../../lib/bootstrap';
import { errorMessage, msgGet, msgPost } from '../../lib/messaging-api';
import type { Phone } from '../../lib/phones';

/** `GET /api/{pid}/product`: the messaging API's view of the product. */
export type ProductData = z.infer<typeof productData>;
/** A phone as `listPhones?config=true` lists it: its data carries its own webhook. */
export type ConfiguredPhone = Phone;
/** A phone's own webhook settings; an empty webhook means the product's is used. */
export type PhoneConfig = z.infer<typeof phoneConfig>['status'];

/** The sample message the webhook test posts (the server fills the rest of a real incoming message). */
const WEBHOOK_TEST_MESSAGE = {
  message: { type: 'text', text: 'This is a test message from the console.', fromMe: false },
};

/** `GET /product`. */
export const fetchProductData = () => msgGet<ProductData>('/product');
/** `GET /{id}/config`: the phone's own webhook. */
export const fetchPhoneConfig = async (id: number) => (await msgGet<{ status: PhoneConfig }>(`/${id}/config`)).status;
/** `POST /{id}/config`: sets the phone's own webhook; resolves to what is stored. */
export const storePhoneWebhook = async (id: number, webhook: string) =>
  (await msgPost<{ status: PhoneConfig }>(`/${id}/config`, { webhook })).status;

/** The product's webhook settings; null until loaded. */
export const $productData = atom<ProductData | null>(null);
export const $productDataError = atom('');
/** The WhatsApp phones with their own webhooks; null until loaded. */
export const $configuredPhones = atom<ConfiguredPhone[] | null>(null);
export const $configuredPhonesError = atom('');

/** Loads the product's webhook settings (the webhook page opens with them). */
export async function loadProductData(): Promise<void> {
  $productData.set(null);
  $productDataError.set('');
  try {
    $productData.set(await fetchProductData());
  } catch (e) {
    $productDataError.set(errorMessage(e));
  }
}

/** `POST /api/{brand}/live/checkWebhook`: the server posts a signed sample message to the URL; resolves to its text. */
export async function verifyWebhook(webhook: string): Promise<string> {
  const body = await apiPost<z.infer<typeof checkWebhookAnswer>>(`/api/${getConfig().brand}/live/checkWebhook`, {
    webhook,
    ...WEBHOOK_TEST_MESSAGE,
  });
  return body.message;
}

/** Saves the product webhook. */
export async function saveWebhook(webhook: string): Promise<void> {
  $productData.set(await msgPost<ProductData>('/setWebhook', { webhook }));
}

/** Turns delivery acknowledgements on or off. */
export async function setAckDelivery(on: boolean): Promise<void> {
  $productData.set(await msgPost<ProductData>('/setAckPreference', { ack_delivery: on }));
}

/** Loads the WhatsApp phones with their own webhooks. */
export async function loadConfiguredPhones(): Promise<void> {
  $configuredPhones.set(null);
  $configuredPhonesError.set('');
  try {
    const list = await msgGet<ConfiguredPhone[]>('/listPhones?config=true');
    $configuredPhones.set(list.filter((p) => p.type === 'whatsapp'));
  } catch (e) {
    $configuredPhonesError.set(errorMessage(e));
  }
}

/** Saves a phone's own webhook; resolves to what the server stored. */
export async function savePhoneWebhook(id: number, webhook: string): Promise<string> {
  return (await storePhoneWebhook(id, webhook)).webhook;
}
