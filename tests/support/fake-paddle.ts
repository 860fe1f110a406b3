import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaddleSubscription, PaddleTransaction } from '../../src/adapters/billing/paddle-types';

/**
 * A local stand-in for Paddle Billing's REST API, answering with the shapes its API reference
 * documents (`{ data, meta }`, errors as `{ error: { type, code, detail }, meta }`). It keeps
 * customers, transactions and subscriptions in memory and records every request it gets.
 */

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string | undefined;
  body: any;
}

const id = (prefix: string) =>
  `${prefix}_${Array.from({ length: 26 }, () => 'abcdefghjkmnpqrstvwxyz0123456789'[Math.floor(Math.random() * 32)]).join('')}`;
const iso = (ms: number) => new Date(ms).toISOString();
const MONTH_MS = 30 * 86_400_000;

export interface FakePaddle {
  url: string;
  key: string;
  requests: Recorded[];
  customers: { id: string; email: string }[];
  /** Discounts made through the API (percentage, by code). */
  discounts: { id: string; code: string; amount: string; type: string }[];
  subscriptions: Map<string, PaddleSubscription>;
  /** The next charge Paddle attempts (a raise, a resume) is declined. */
  declineNext: boolean;
  /** Every call answers this status with a server error (when set). */
  failWith: number | null;
  /** A subscription as Paddle would hold it after a checkout paid. */
  addSubscription(opts: {
    priceId: string;
    unitPrice: number;
    quantity: number;
    custom: Record<string, unknown> | null;
    status?: PaddleSubscription['status'];
  }): PaddleSubscription;
  close(): Promise<void>;
}

/** Starts the fake on a random local port; `now` is the test's clock, so Paddle's times agree with it. */
export async function startFakePaddle(now: () => number, key = 'pdl_sdbx_apikey_test_0123456789'): Promise<FakePaddle> {
  const fake = {
    requests: [] as Recorded[],
    customers: [] as { id: string; email: string }[],
    discounts: [] as { id: string; code: string; amount: string; type: string }[],
    subscriptions: new Map<string, PaddleSubscription>(),
    declineNext: false,
    failWith: null as number | null,
  };

  const subscription = (s: PaddleSubscription, change: Partial<PaddleSubscription>) => {
    const next = { ...s, ...change, updated_at: iso(now()) };
    fake.subscriptions.set(s.id, next);
    return next;
  };
  const transaction = (
    subscriptionId: string | null,
    body: any,
    origin: PaddleTransaction['origin'],
  ): PaddleTransaction => {
    const txn = id('txn');
    return {
      id: txn,
      status: 'ready',
      customer_id: body.customer_id ?? null,
      subscription_id: subscriptionId,
      origin,
      currency_code: 'USD',
      custom_data: body.custom_data ?? null,
      items: (body.items ?? []).map((i: any) => ({ price: { id: i.price_id }, quantity: i.quantity })),
      details: { totals: { total: '0', grand_total: '0' } },
      checkout: { url: `https://pay.example.test/checkout?_ptxn=${txn}` },
      created_at: iso(now()),
      updated_at: iso(now()),
    };
  };
  const charge = (): boolean => {
    const ok = !fake.declineNext;
    fake.declineNext = false;
    return ok;
  };

  function route(method: string, path: string, query: URLSearchParams, body: any): [number, unknown] {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/customers')
      return [200, fake.customers.filter((c) => (query.get('email') ?? '').split(',').includes(c.email))];
    if (method === 'POST' && path === '/customers') {
      const c = { id: id('ctm'), email: body.email };
      fake.customers.push(c);
      return [201, { ...c, status: 'active', custom_data: null }];
    }
    if (method === 'POST' && (m = /^\/customers\/(ctm_\w+)\/addresses$/.exec(path)))
      return [201, { id: id('add'), customer_id: m[1], ...body, status: 'active' }];
    if (method === 'POST' && (m = /^\/customers\/(ctm_\w+)\/businesses$/.exec(path)))
      return [201, { id: id('biz'), customer_id: m[1], ...body, status: 'active' }];
    if (method === 'POST' && path === '/transactions') return [201, transaction(null, body, 'api')];
    if (method === 'GET' && (m = /^\/transactions\/(txn_\w+)\/invoice$/.exec(path)))
      return [
        200,
        {
          url: `https://pay.example.test/invoices/${m[1]}.pdf?disposition=${query.get('disposition') ?? 'attachment'}`,
        },
      ];
    if (method === 'GET' && path === '/discounts')
      return [200, fake.discounts.filter((d) => d.code === query.get('code'))];
    if (method === 'POST' && path === '/discounts') {
      const d = { id: id('dsc'), status: 'active', ...body };
      fake.discounts.push(d);
      return [201, d];
    }
    const s = (m = /^\/subscriptions\/(sub_\w+)(\/[\w-]+)?$/.exec(path)) ? fake.subscriptions.get(m[1]!) : undefined;
    if (!m) return [404, { type: 'request_error', code: 'not_found', detail: 'No such operation' }];
    if (!s) return [404, { type: 'request_error', code: 'not_found', detail: 'Entity not found' }];
    const action = m[2] ?? '';
    if (method === 'PATCH' && action === '') {
      if ('scheduled_change' in body && !body.items) {
        if (body.scheduled_change !== null)
          return [400, { type: 'request_error', code: 'bad_request', detail: 'scheduled_change can only be removed' }];
        return [200, subscription(s, { scheduled_change: null })];
      }
      if (body.items && !body.proration_billing_mode)
        return [
          400,
          {
            type: 'request_error',
            code: 'subscription_items_update_missing_proration_billing_mode',
            detail: 'proration_billing_mode is required when updating subscription items',
          },
        ];
      if (body.proration_billing_mode === 'prorated_immediately' && !charge())
        return [400, { type: 'request_error', code: 'subscription_payment_declined', detail: 'payment declined' }];
      const items = (body.items as { price_id: string; quantity: number }[]).map((i) => ({
        status: 'active',
        quantity: i.quantity,
        price: {
          id: i.price_id,
          unit_price: s.items.find((x) => x.price.id === i.price_id)?.price.unit_price ?? {
            amount: '1500',
            currency_code: 'USD',
          },
        },
      }));
      return [200, subscription(s, { items })];
    }
    if (method === 'POST' && action === '/cancel') {
      if (body?.effective_from === 'next_billing_period') {
        if (s.status !== 'active' || !s.next_billed_at)
          return [
            400,
            {
              type: 'request_error',
              code: 'subscription_locked_pending_changes',
              detail: 'subscription has no billing period to end',
            },
          ];
        return [
          200,
          subscription(s, { scheduled_change: { action: 'cancel', effective_at: s.next_billed_at, resume_at: null } }),
        ];
      }
      return [
        200,
        subscription(s, {
          status: 'canceled',
          canceled_at: iso(now()),
          next_billed_at: null,
          current_billing_period: null,
          scheduled_change: null,
        }),
      ];
    }
    if (method === 'POST' && action === '/resume') {
      if (!charge())
        return [400, { type: 'request_error', code: 'subscription_payment_declined', detail: 'payment declined' }];
      return [
        200,
        subscription(s, {
          status: 'active',
          paused_at: null,
          next_billed_at: iso(now() + MONTH_MS),
          current_billing_period: { starts_at: iso(now()), ends_at: iso(now() + MONTH_MS) },
        }),
      ];
    }
    if (method === 'GET' && action === '/update-payment-method-transaction')
      return [200, transaction(s.id, { items: [] }, 'subscription_payment_method_change')];
    return [404, { type: 'request_error', code: 'not_found', detail: 'No such operation' }];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = Buffer.concat(chunks).toString();
    const body = text ? JSON.parse(text) : undefined;
    fake.requests.push({
      method: req.method!,
      path: url.pathname,
      query: url.searchParams,
      auth: req.headers.authorization,
      body,
    });
    const meta = { request_id: crypto.randomUUID() };
    const [status, data] = fake.failWith
      ? [fake.failWith, { type: 'api_error', code: 'internal_error', detail: 'Something went wrong' }]
      : req.headers.authorization !== `Bearer ${key}`
        ? [403, { type: 'request_error', code: 'forbidden', detail: 'You are not authorized to perform this request' }]
        : route(req.method!, url.pathname, url.searchParams, body);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status < 300 ? { data, meta } : { error: data, meta }));
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    key,
    addSubscription(opts: {
      priceId: string;
      unitPrice: number;
      quantity: number;
      custom: Record<string, unknown> | null;
      status?: PaddleSubscription['status'];
    }) {
      const t = now();
      const s: PaddleSubscription = {
        id: id('sub'),
        status: opts.status ?? 'active',
        customer_id: id('ctm'),
        currency_code: 'USD',
        created_at: iso(t),
        updated_at: iso(t),
        started_at: iso(t),
        next_billed_at: iso(t + MONTH_MS),
        paused_at: null,
        canceled_at: null,
        current_billing_period: { starts_at: iso(t), ends_at: iso(t + MONTH_MS) },
        items: [
          {
            status: 'active',
            quantity: opts.quantity,
            price: { id: opts.priceId, unit_price: { amount: String(opts.unitPrice), currency_code: 'USD' } },
          },
        ],
        custom_data: opts.custom,
        transaction_id: id('txn'),
      };
      fake.subscriptions.set(s.id, s);
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
