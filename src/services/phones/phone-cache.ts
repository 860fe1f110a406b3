import { and, eq, gt } from 'drizzle-orm';
import { phoneLeases, phones, runners, type PhoneRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { PHONE_CACHE_MS } from '../cache';
import type { ServiceCtx } from '../context';
import { rememberHolder } from '../runners/nudge';
import { parsePhoneId } from './phones';

const CACHE_MAX = 50_000;

/**
 * The phone of a product for sending, from the cache when fresh; 404 like getPhone otherwise.
 * Accepting a message must not cost a query for a row that changes only when the customer edits the
 * phone: edits in this process forget the entry at once, other processes' within PHONE_CACHE_MS.
 */
export async function sendingPhone(ctx: ServiceCtx, pid: string, rawId: string): Promise<PhoneRow> {
  const id = parsePhoneId(rawId);
  if (id === null) throw new ApiError('NOT_FOUND', 'Phone not found.');
  const cache = ctx.cache.phones;
  const hit = cache.get(id);
  const now = ctx.now();
  let row = hit && hit.until > now ? hit.value : undefined;
  if (!row) {
    // The holder of the phone's lease comes along: the nudge after the accept needs its address.
    const found = await ctx.db
      .select({ phone: phones, address: runners.address })
      .from(phones)
      .leftJoin(phoneLeases, and(eq(phoneLeases.phoneId, phones.id), gt(phoneLeases.leaseUntil, now)))
      .leftJoin(runners, eq(runners.id, phoneLeases.runnerId))
      .where(eq(phones.id, id))
      .get();
    row = found?.phone;
    if (found && row) {
      rememberHolder(ctx, id, found.address ?? null);
      if (cache.size > CACHE_MAX) cache.clear();
      cache.set(id, { value: row, until: now + PHONE_CACHE_MS });
    }
  }
  if (!row || row.pid !== pid) throw new ApiError('NOT_FOUND', 'Phone not found.');
  return row;
}
