import { Agent, registered } from './agent';
import type { TestApp } from './test-app';

/** Polls until `fn` returns a truthy value. */
export async function eventually<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 5_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A messaging-API client for one product (token in the x-api-key header). */
export class Api {
  constructor(
    readonly t: TestApp,
    readonly pid: string,
    readonly token: string,
  ) {}

  request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('x-api-key') && !headers.has('x-maytapi-key')) headers.set('x-api-key', this.token);
    return this.t.app.request(`/api/${this.pid}${path}`, { ...init, headers });
  }

  async get<T = any>(path: string): Promise<{ status: number; body: T }> {
    const res = await this.request(path);
    return { status: res.status, body: (await res.json()) as T };
  }

  async post<T = any>(path: string, payload: unknown): Promise<{ status: number; body: T }> {
    const res = await this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  async phone(id: number): Promise<any> {
    const { body } = await this.get<any[]>('/listPhones');
    return body.find((p) => p.id === id);
  }

  /** Waits until the phone's listed status is `status`. */
  waitStatus(id: number, status: string, timeoutMs = 5_000) {
    return eventually(
      async () => ((await this.phone(id))?.status === status ? this.phone(id) : null),
      timeoutMs,
      `phone ${id} to be ${status}`,
    );
  }

  /** Adds a phone and waits for its QR. */
  async addPhone(): Promise<number> {
    const { status, body } = await this.post<{ id: number }>('/addPhone', {});
    if (status !== 200) throw new Error(`addPhone: ${status} ${JSON.stringify(body)}`);
    await this.waitStatus(body.id, 'qr-screen');
    return body.id;
  }

  /** Scans the phone's current QR on the simulated network and waits until it is active. */
  async link(id: number, number?: string): Promise<void> {
    const qr = await eventually(
      async () => (await this.get<{ qrData?: string }>(`/${id}/qrData`)).body.qrData,
      5_000,
      'QR',
    );
    const res = await this.t.app.request('/api/sim/scan', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ qr, ...(number ? { number } : {}) }),
    });
    if (res.status !== 200) throw new Error(`scan: ${res.status} ${await res.text()}`);
    await this.waitStatus(id, 'active');
  }

  /** Posts to a simulator control. */
  async sim(path: string, payload: unknown) {
    const res = await this.t.app.request(`/api/sim${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
}

/** A registered customer with their console agent and messaging-API client. */
export async function customer(
  t: TestApp,
  email?: string,
): Promise<{ agent: Agent; api: Api; pid: string; token: string }> {
  const { agent } = await registered(t, email);
  const res = await agent.get('/api/wapi/product');
  const body = (await res.json()) as { product: { id: string; settings: { wapi_token: string } } };
  const api = new Api(t, body.product.id, body.product.settings.wapi_token);
  return { agent, api, pid: body.product.id, token: body.product.settings.wapi_token };
}
