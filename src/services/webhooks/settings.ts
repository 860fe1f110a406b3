import { eq } from 'drizzle-orm';
import { phones, products, type PhoneRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { phoneChanged, productChanged } from '../cache';
import type { ServiceCtx } from '../context';
import { webhookSecretOf } from './secret';
import type { ResolveHost } from './port';
import { checkWebhookUrl } from './url-check';

/** An empty webhook removes it; anything else must be a public http(s) URL (development allows local ones). */
async function cleanWebhook(ctx: ServiceCtx, raw: unknown, resolve: ResolveHost): Promise<string | null> {
  if (
    raw === null ||
    raw === '' ||
    (typeof raw === 'object' && raw !== null && (raw as { webhook?: unknown }).webhook === '')
  )
    return null;
  const value = typeof raw === 'object' && raw !== null ? (raw as { webhook?: unknown }).webhook : raw;
  if (typeof value !== 'string')
    throw new ApiError('VALIDATION', 'webhook must be a URL.', { fields: { webhook: 'must be a URL' } });
  const url = await checkWebhookUrl(value.trim(), { allowPrivate: ctx.config.dev, resolve });
  return url.toString();
}

function bool(v: unknown, name: string): boolean {
  if (v === true || v === 'true' || v === 1) return true;
  if (v === false || v === 'false' || v === 0) return false;
  throw new ApiError('VALIDATION', `${name} must be true or false.`, { fields: { [name]: 'must be a boolean' } });
}

/** The product as the messaging API's product call answers it (productData), with the signing secret. */
export async function productData(ctx: ServiceCtx, pid: string) {
  const p = (await ctx.db.select().from(products).where(eq(products.id, pid)).get())!;
  return {
    success: true,
    pid: p.id,
    webhook: p.webhook ?? '',
    ack_delivery: p.ackDelivery,
    phone_limit: Number(p.settings.phone_limit ?? 0),
    webhook_secret: await webhookSecretOf(ctx, pid),
    partner: Boolean(p.settings.partner),
  };
}

export async function setProductWebhook(
  ctx: ServiceCtx,
  pid: string,
  raw: unknown,
  resolve: ResolveHost,
): Promise<void> {
  const webhook = await cleanWebhook(ctx, raw, resolve);
  await ctx.db.update(products).set({ webhook }).where(eq(products.id, pid));
  productChanged(ctx, pid);
}

export async function setAckPreference(ctx: ServiceCtx, pid: string, raw: unknown): Promise<void> {
  await ctx.db
    .update(products)
    .set({ ackDelivery: bool(raw, 'ack_delivery') })
    .where(eq(products.id, pid));
  productChanged(ctx, pid);
}

/** A phone's own webhook config (phone_config); empty means the product's is used. */
export function phoneConfigView(phone: PhoneRow) {
  return { success: true, status: { webhook: phone.webhook ?? '', ack_delivery: phone.ackDelivery ?? false } };
}

export async function setPhoneConfig(
  ctx: ServiceCtx,
  phone: PhoneRow,
  body: Record<string, unknown>,
  resolve: ResolveHost,
): Promise<PhoneRow> {
  const set: Partial<typeof phones.$inferInsert> = { updatedAt: ctx.now() };
  if ('webhook' in body) set.webhook = await cleanWebhook(ctx, body.webhook, resolve);
  if ('ack_delivery' in body)
    set.ackDelivery = body.ack_delivery === null ? null : bool(body.ack_delivery, 'ack_delivery');
  const row = await ctx.db.update(phones).set(set).where(eq(phones.id, phone.id)).returning().get();
  phoneChanged(ctx, phone);
  return row!;
}
