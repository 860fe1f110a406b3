import { and, eq } from 'drizzle-orm';
import { phones, phoneStatusLog, type PhoneRow, type ProductRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { phoneChanged } from '../cache';
import type { ServiceCtx } from '../context';
import { countedPhones } from './phones';

const PHONE_LIMIT_MESSAGE = 'Your phone limit is not enough for add new phone.';
const SANDBOX_EXISTS_MESSAGE = 'This account already has a sandbox phone.';
const PARTNER_SANDBOX_MESSAGE = 'Partner accounts cannot add sandbox phones.';

function phoneLimitOf(product: ProductRow): number {
  return Number(product.settings.phone_limit ?? 0) || 0;
}

/** Throws the Phone Limit error when one more enabled phone would exceed the product's limit. */
export async function assertRoomForPhone(ctx: ServiceCtx, product: ProductRow, except?: number): Promise<void> {
  if ((await countedPhones(ctx, product.id, except === undefined ? [] : [except])) >= phoneLimitOf(product)) {
    throw new ApiError('PHONE_LIMIT', PHONE_LIMIT_MESSAGE, { phone_limit: phoneLimitOf(product) });
  }
}

/** Normalises a number: digits only (plus signs and spaces stripped); empty stays null. */
export function cleanNumber(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' && typeof raw !== 'number')
    throw new ApiError('VALIDATION', 'number must be a phone number.');
  const n = String(raw)
    .split('@')[0]!
    .replace(/[\s+\-()]/g, '');
  if (!/^\d{7,15}$/.test(n))
    throw new ApiError('VALIDATION', 'number must be the phone number with its country code, digits only.');
  return n;
}

/** Adds a phone (or the free sandbox phone) to a product; its session starts on the next runner tick. */
export async function addPhone(
  ctx: ServiceCtx,
  product: ProductRow,
  opts: { number?: string | null; sandbox?: boolean; partner?: boolean },
): Promise<PhoneRow> {
  if (opts.sandbox) {
    if (product.settings.partner) throw new ApiError('FORBIDDEN', PARTNER_SANDBOX_MESSAGE);
    const existing = await ctx.db
      .select({ id: phones.id })
      .from(phones)
      .where(and(eq(phones.pid, product.id), eq(phones.sandbox, true)))
      .get();
    if (existing) throw new ApiError('CONFLICT', SANDBOX_EXISTS_MESSAGE, { phone_id: existing.id });
  } else {
    if (opts.partner && !product.settings.partner) throw new ApiError('FORBIDDEN', 'This is not a partner account.');
    await assertRoomForPhone(ctx, product);
  }
  return insertPhone(ctx, {
    pid: product.id,
    engine: ctx.config.engine,
    number: opts.number ?? null,
    sandbox: Boolean(opts.sandbox),
  });
}

/** Inserts a phone (or Instagram account) in 'creating...' (an official number: 'active') with its first status-log entry, and tells the caches and the runner. */
export async function insertPhone(
  ctx: ServiceCtx,
  values: Omit<typeof phones.$inferInsert, 'status' | 'statusAt' | 'createdAt' | 'updatedAt'>,
  status: PhoneRow['status'] = 'creating...',
): Promise<PhoneRow> {
  const now = ctx.now();
  const row = await ctx.db
    .insert(phones)
    .values({ ...values, status, statusAt: now, createdAt: now, updatedAt: now })
    .returning()
    .get();
  await ctx.db.insert(phoneStatusLog).values({ phoneId: row!.id, status, at: now });
  phoneChanged(ctx, row!);
  ctx.bus?.emit('phoneChanged', { phoneId: row!.id });
  return row!;
}
