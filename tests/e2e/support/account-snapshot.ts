import type { HttpCustomer } from './http-api';

/** Names the Postman collection gives the phone and the Instagram account it adds for itself. */
export const COLLECTION_PHONE_NAMES = ['Postman test phone', 'Postman test account'];

type Phone = { id: number; name: string; updated_at?: string; [k: string]: unknown };

/**
 * Everything of an account the Postman collection touches, as its owner sees it: the product's
 * webhook, ack preference, limits and signing secret; every phone with its name, status, proxy,
 * number and webhook settings (own `config` too); the plan, limits and subscriptions the console
 * shows. Times that move on their own (`updated_at`) are left out.
 */
export async function accountSnapshot(customer: HttpCustomer) {
  const product = (await customer.get('/product')).body;
  const phones = ((await customer.get<Phone[]>('/listPhones?config=true')).body ?? []).map(
    ({ updated_at: _u, ...p }) => p,
  );
  const configs = Object.fromEntries(
    await Promise.all(phones.map(async (p) => [p.id, (await customer.get(`/${p.id}/config`)).body] as const)),
  );
  const consoleProduct = (
    (await (await customer.consoleGet('/api/wapi/product')).json()) as { product: Record<string, unknown> }
  ).product;
  return { product, phones, configs, console: consoleProduct };
}
export type AccountSnapshot = Awaited<ReturnType<typeof accountSnapshot>>;

/** The snapshot without the phone and Instagram account the collection keeps for itself (disabled between runs). */
export function customersOwn(s: AccountSnapshot) {
  const ours = new Set(s.phones.filter((p) => COLLECTION_PHONE_NAMES.includes(p.name)).map((p) => p.id));
  return {
    ...s,
    phones: s.phones.filter((p) => !ours.has(p.id)),
    configs: Object.fromEntries(Object.entries(s.configs).filter(([id]) => !ours.has(Number(id)))),
  };
}

/** The phones the collection keeps for itself. */
export function collectionsOwn(s: AccountSnapshot) {
  return s.phones.filter((p) => COLLECTION_PHONE_NAMES.includes(p.name));
}

type Delivery = {
  id: number;
  url: string;
  status: string;
  attempts: number;
  history: { status_code: number | null }[];
};

/** Every webhook delivery of the account, once each has been tried (or after `timeoutMs`). */
export async function triedDeliveries(customer: HttpCustomer, timeoutMs = 15_000): Promise<Delivery[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const all: Delivery[] = [];
    for (let page = 1; ; page++) {
      const { list } = (await customer.get<{ list: Delivery[] }>(`/webhookDeliveries?page=${page}`)).body;
      all.push(...list);
      if (list.length < 50) break;
    }
    if (all.every((d) => d.attempts > 0 || d.status !== 'pending') || Date.now() > end) return all;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Deliveries that some attempt saw refused (no answer or a status outside 2xx). */
export function refused(deliveries: Delivery[]) {
  return deliveries
    .filter((d) => d.history.some((h) => h.status_code === null || h.status_code < 200 || h.status_code >= 300))
    .map((d) => `${d.id} ${d.url} ${JSON.stringify(d.history)}`);
}
