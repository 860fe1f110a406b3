import { atom } from 'nanostores';
import type { z } from 'zod';
import type {
  redeliverResponse,
  webhookDelivery,
  webhookDeliveriesResponse,
} from '../../../src/shared/schemas/messaging/webhook-deliveries';
import { errorMessage, msgGet, msgPost } from '../../lib/messaging-api';

/** One webhook event sent to one URL, with its attempts. */
export type Delivery = z.infer<typeof webhookDelivery>;
type DeliveryStatus = Delivery['status'];
/** `GET /webhookDeliveries`: a page of deliveries, newest first. */
export type DeliveryPage = z.infer<typeof webhookDeliveriesResponse>;
export type DeliveryFilter = DeliveryStatus | 'all';

export const $deliveryFilter = atom<DeliveryFilter>('all');
export const $deliveryPage = atom(1);
/** The shown page of the webhook outbox; null while the first one loads. */
export const $deliveries = atom<DeliveryPage | null>(null);
export const $deliveriesError = atom('');

/** Loads the shown page of deliveries (`GET /webhookDeliveries`). */
export async function loadDeliveries(): Promise<void> {
  const status = $deliveryFilter.get();
  try {
    $deliveries.set(
      await msgGet<DeliveryPage>(
        `/webhookDeliveries?page=${$deliveryPage.get()}${status === 'all' ? '' : `&status=${status}`}`,
      ),
    );
    $deliveriesError.set('');
  } catch (e) {
    $deliveriesError.set(errorMessage(e));
  }
}

/** The Deliveries tab opens on every status, page 1. */
export function openDeliveries(): void {
  $deliveryFilter.set('all');
  $deliveryPage.set(1);
  $deliveries.set(null);
  $deliveriesError.set('');
  void loadDeliveries();
}

/** Another status filter: its deliveries from page 1. */
export function filterDeliveries(f: DeliveryFilter): void {
  $deliveryFilter.set(f);
  $deliveryPage.set(1);
  $deliveries.set(null);
  void loadDeliveries();
}

/** Shows another page of deliveries. */
export function showDeliveryPage(page: number): void {
  $deliveryPage.set(page);
  void loadDeliveries();
}

/** Queues a delivered or dead event for delivery again. */
export async function redeliver(d: Delivery): Promise<void> {
  await msgPost<z.infer<typeof redeliverResponse>>(`/webhookDeliveries/${d.id}/redeliver`, {});
}
