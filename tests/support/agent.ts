import type { TestApp } from './test-app';

/** A browser-like client for app.request: keeps cookies and sends the CSRF header on writes. */
export class Agent {
  cookies = new Map<string, string>();
  constructor(
    readonly t: TestApp,
    private readonly headers: Record<string, string> = {},
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a)) || attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  async request(path: string, init: RequestInit & { csrf?: boolean } = {}) {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && init.csrf !== false) {
      if (!this.cookies.has('wapi_csrf')) await this.request('/api/auth/user');
      headers.set('x-csrf-token', this.cookies.get('wapi_csrf')!);
    }
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await this.t.app.request(path, { ...init, headers });
    this.absorb(res);
    return res;
  }

  get(path: string) {
    return this.request(path);
  }

  /** POSTs the payload the way the console does: a form with one field carrying JSON. */
  postForm(path: string, payload: unknown) {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data: JSON.stringify(payload) }).toString(),
    });
  }

  postJson(path: string, payload: unknown, init: { csrf?: boolean } = {}) {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      ...init,
    });
  }
}

export const STRONG = 'Str0ng#Pass';

/** Registers a fresh customer and returns their signed-in agent. */
export async function registered(t: TestApp, email = `user${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const agent = new Agent(t);
  const res = await agent.postJson('/api/auth/register', { email, password: STRONG });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { id: number; email: string } };
  return { agent, user: body.data, email };
}

/** Asserts the one error shape and returns it. */
export async function expectError(res: Response, status: number, code?: string) {
  const body = (await res.json()) as {
    success: boolean;
    message: string;
    error: { code: string; message: string; requestId: string };
  };
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(body)}`);
  if (
    body.success !== false ||
    typeof body.message !== 'string' ||
    !body.error?.requestId ||
    body.error.message !== body.message
  ) {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  if (code && body.error.code !== code) throw new Error(`expected code ${code}, got ${body.error.code}`);
  return body;
}
