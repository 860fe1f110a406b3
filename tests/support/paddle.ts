import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach } from 'vitest';
import { billingEvents, payments, products, subscriptions } from '../../db/schema';
import type { PaddleSubscription, PaddleTransaction } from '../../src/adapters/billing/paddle-types';
import type { ServiceCtx } from '../../src/services/context';
import { startFakePaddle, type FakePaddle } from './fake-paddle';
import { customer } from './phones';
import { createTestApp, type TestApp } from './test-app';

export const SECRET = 'pdl_ntfset_01test_secret_0123456789';
/** Paddle prices of two of our plans (PHONE 569723 and API 737242). */
export const PRICES = { '569723': 'pri_01phone000000000000000000', '737242': 'pri_01api00000000000000000000' };

export interface PaddleWorld {
  t: TestApp;
  fake: FakePaddle;
  ctx: ServiceCtx;
  pid: string;
  uid: number;
  api: Awaited<ReturnType<typeof customer>>['api'];
  /** The customer's signed-in console session. */
  agent: Awaited<ReturnType<typeof customer>>['agent'];
}

/** A test app billing through Paddle, pointed at a fresh fake of Paddle's API, with one customer. */
export async function paddleWorld(opts: { phones?: boolean } = {}): Promise<PaddleWorld> {
  let clock = () => Date.now();
  const fake = await startFakePaddle(() => clock());
  const t = await createTestApp(
    {
      PADDLE_API_KEY: fake.key,
      PADDLE_API_URL: fake.url,
      PADDLE_WEBHOOK_SECRET: SECRET,
      PADDLE_PRICES: JSON.stringify(PRICES),
    },
    { phones: opts.phones ?? false },
  );
  clock = () => t.clock.now;
  const c = await customer(t);
  const product = await t.db.select().from(products).where(eq(products.id, c.pid)).get();
  const ctx: ServiceCtx = { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache };
  return { t, fake, ctx, pid: c.pid, uid: product!.uid, api: c.api, agent: c.agent };
}

/** A fresh Paddle world for each test of the file (handed to `set`), closed after the test. */
export function eachPaddleWorld(set: (w: PaddleWorld) => void): void {
  let w: PaddleWorld | undefined;
  beforeEach(async () => {
    w = await paddleWorld();
    set(w);
  });
  afterEach(async () => {
    await w?.t.close();
    await w?.fake.close();
  });
}

/** A `Paddle-Signature` header for `body` signed at `tsSeconds` (one `h1` per secret). */
export function signature(body: string, tsSeconds: number, secrets: string[] = [SECRET]): string {
  return [
    `ts=${tsSeconds}`,
    ...secrets.map((s) => `h1=${createHmac('sha256', s).update(`${tsSeconds}:${body}`).digest('hex')}`),
  ].join(';');
}

let seq = 0;

/** A notification body as Paddle sends it. */
export function notification(
  type: string,
  data: PaddleSubscription | PaddleTransaction,
  occurredAt: number,
  eventId = `evt_${(++seq).toString().padStart(26, '0')}`,
): string {
  return JSON.stringify({
    event_id: eventId,
    event_type: type,
    occurred_at: new Date(occurredAt).toISOString(),
    notification_id: `ntf_${eventId.slice(4)}`,
    data,
  });
}

/** Delivers a notification to the webhook, signed now by default. */
export async function deliver(
  t: TestApp,
  body: string,
  header: string | null = signature(body, Math.floor(t.clock.now / 1000)),
) {
  const res = await t.app.request('/api/billing/paddle/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'paddle-signature': header }) },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A completed transaction of a subscription, as `transaction.completed` carries it. */
export function completedTransaction(
  subscriptionId: string | null,
  amountCents: number,
  origin: PaddleTransaction['origin'],
  custom: Record<string, unknown> | null = null,
  txnId = `txn_${Math.random().toString(36).slice(2).padEnd(26, '0').slice(0, 26)}`,
): PaddleTransaction {
  const at = new Date().toISOString();
  return {
    id: txnId,
    status: 'completed',
    customer_id: 'ctm_01h04vsbhqc62t8hmd4z3b578c',
    subscription_id: subscriptionId,
    origin,
    currency_code: 'USD',
    custom_data: custom,
    items: [{ price: { id: PRICES['569723'] }, quantity: 1 }],
    details: { totals: { total: String(amountCents), grand_total: String(amountCents) } },
    checkout: null,
    created_at: at,
    updated_at: at,
  };
}

/** What the database holds of billing: the subscription row, the applied event count, the payments. */
export async function billingState(t: TestApp, subscriptionId: string) {
  return {
    sub: await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).get(),
    events: (await t.db.select().from(billingEvents).all()).length,
    payments: await t.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId)).all(),
  };
}
