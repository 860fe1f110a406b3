import { and, eq, inArray, isNotNull, isNull, ne, not } from 'drizzle-orm';
import { phones, products } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { openToken } from '../secrets/product-secrets';
import { all, packageCol, pagePhones, phoneSearch, staffPhoneView } from './phone-rows';

interface Paging {
  page: number;
  limit: number;
}

/** `phoneList`'s lists: idle phones, sandbox phones, or "missed" ones (a subscribed product's phone that is not active). */
const LISTS = {
  idle: () => eq(phones.status, 'idle'),
  sandbox: () => eq(phones.sandbox, true),
  missed: () =>
    and(eq(phones.type, 'whatsapp'), eq(phones.enabled, true), ne(phones.status, 'active'), isNotNull(packageCol)),
} as const;

/**
 * A page of phones for the Phones, Idle, Sandbox and Missed screens, with their products and those
 * products' API tokens (the Phones Events screen asks the messaging API for a phone's live status).
 */
export async function phoneList(
  ctx: ServiceCtx,
  q: Paging & { type?: keyof typeof LISTS; search?: string; onlySubs?: boolean; hideIdleFree?: boolean; ids?: string },
) {
  const where = all(
    q.type && LISTS[q.type](),
    phoneSearch(q.search),
    q.onlySubs && isNotNull(packageCol),
    q.hideIdleFree && not(and(eq(phones.status, 'idle'), isNull(packageCol))!),
    q.ids && inArray(phones.id, q.ids.split(',').map(Number)),
  );
  const { rows, total } = await pagePhones(ctx, where, q);
  const pids = [...new Set(rows.map((r) => r.phone.pid))];
  const owned = pids.length
    ? await ctx.db
        .select({ id: products.id, apiTokenSealed: products.apiTokenSealed })
        .from(products)
        .where(inArray(products.id, pids))
        .all()
    : [];
  const seen = new Map(
    rows.map((r) => [r.phone.pid, { id: r.phone.pid, uid: r.uid, email: r.email, package: r.package, trial: r.trial }]),
  );
  return {
    phones: rows.map(staffPhoneView),
    products: [...seen.values()],
    token: Object.fromEntries(await Promise.all(owned.map(async (p) => [p.id, await openToken(ctx, p)] as const))),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/** A page of phones of one kind (WhatsApp or Instagram) or all, searched (`phoneListv2`). */
export async function phoneListV2(ctx: ServiceCtx, q: Paging & { type?: 'whatsapp' | 'instagram'; search?: string }) {
  const { rows, total } = await pagePhones(ctx, all(q.type && eq(phones.type, q.type), phoneSearch(q.search)), q);
  return { phones: rows.map(staffPhoneView), total, page: q.page, limit: q.limit };
}

/** Enabled phones of products without a package: free phones (`freePhones`). */
export async function freePhones(ctx: ServiceCtx, q: Paging & { search?: string }) {
  const where = all(eq(phones.enabled, true), eq(phones.sandbox, false), isNull(packageCol), phoneSearch(q.search));
  const { rows, total } = await pagePhones(ctx, where, q);
  return { phones: rows.map(staffPhoneView), total, page: q.page, limit: q.limit };
}
