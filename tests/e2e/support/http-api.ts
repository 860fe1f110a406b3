/** A customer against a running server over real HTTP: registers (cookies + CSRF) and calls the messaging API. */
export class HttpCustomer {
  private cookies = new Map<string, string>();
  pid = '';
  token = '';
  constructor(readonly base: string) {}

  /** A customer whose product id and token are known already (a console signed in elsewhere, a restarted server). */
  static of(base: string, creds: { pid: string; token: string }): HttpCustomer {
    return Object.assign(new HttpCustomer(base), { pid: creds.pid, token: creds.token });
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      this.cookies.set(name!.trim(), rest.join('='));
    }
  }

  /** Registers a fresh account and loads its product id and token. */
  async register(
    email = `e2e${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`,
    password = 'Str0ng#Pass',
  ): Promise<this> {
    this.absorb(await fetch(`${this.base}/api/auth/user`));
    const res = await fetch(`${this.base}/api/auth/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: this.cookieHeader(),
        'x-csrf-token': this.cookies.get('wapi_csrf')!,
      },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
    this.absorb(res);
    const product = (await (
      await fetch(`${this.base}/api/wapi/product`, { headers: { cookie: this.cookieHeader() } })
    ).json()) as { product: { id: string; settings: { wapi_token: string } } };
    this.pid = product.product.id;
    this.token = product.product.settings.wapi_token;
    return this;
  }

  /** A GET of the console backend (`path` from the root) with the session cookie. */
  consoleGet(path: string): Promise<Response> {
    return fetch(`${this.base}${path}`, { headers: { cookie: this.cookieHeader() } });
  }

  /** A POST of the console backend (`path` from the root) with the session cookie and the CSRF header. */
  async consolePost<T = any>(path: string, payload: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: this.cookieHeader(),
        'x-csrf-token': this.cookies.get('wapi_csrf')!,
      },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  /** Buys a plan on the sandbox checkout with a card that pays. */
  async buy(planId: string, quantity = 1): Promise<void> {
    const link = await this.consolePost('/api/wapi/custompaddlelink', { plan_id: planId, quantity, isVat: false });
    if (link.status !== 200) throw new Error(`checkout: ${link.status} ${JSON.stringify(link.body)}`);
    const paid = await this.consolePost(`/api/sandbox/checkout/${link.body.data.response.checkout_id}/pay`, {
      card: '4242 4242 4242 4242',
    });
    if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
  }

  async get<T = any>(path: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.base}/api/${this.pid}${path}`, { headers: { 'x-api-key': this.token } });
    return { status: res.status, body: (await res.json()) as T };
  }

  async post<T = any>(path: string, payload: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.base}/api/${this.pid}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': this.token, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  async sim(path: string, payload: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.base}/api/sim${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: await res.json() };
  }

  async status(id: number): Promise<string | undefined> {
    const { body } = await this.get<{ id: number; status: string }[]>('/listPhones');
    return body.find((p) => p.id === id)?.status;
  }

  /** Adds a phone and links it on the simulated network (scan of its current QR). */
  async addLinkedPhone(number: string, timeoutMs = 20_000): Promise<number> {
    const { status, body } = await this.post<{ id: number }>('/addPhone', {});
    if (status !== 200) throw new Error(`addPhone: ${status} ${JSON.stringify(body)}`);
    return this.linkPhone(body.id, number, timeoutMs);
  }

  /** Scans a phone's current QR on the simulated network and waits until it is active. */
  async linkPhone(id: number, number: string, timeoutMs = 20_000): Promise<number> {
    await until(async () => (await this.get(`/${id}/qrData`)).body.qrData, timeoutMs, `QR of phone ${id}`);
    for (let i = 0; i < 5; i++) {
      const qr = (await this.get(`/${id}/qrData`)).body.qrData as string;
      const res = await this.sim('/scan', { qr, number });
      if (res.status === 200) break;
    }
    await until(async () => (await this.status(id)) === 'active', timeoutMs, `phone ${id} active`);
    return id;
  }
}

/** Polls until `fn` gives a truthy value. */
export async function until<T>(fn: () => Promise<T>, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
