import { and, count, desc, eq, inArray, like, ne } from 'drizzle-orm';
import { agents, packageOverrides, phones, products, subscriptions, users, type ProductRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { SubsRow } from '../../shared/schemas/staff/subs';
import { planOf, plans } from '../billing/catalogue';
import { derivedSettings, settle } from '../billing/limits';
import { packageOverride } from '../billing/overrides';
import type { ServiceCtx } from '../context';
import { getProduct } from '../products/products';
import { recordAudit, type Actor } from './audit';

const PACKAGE_LOCKED = 'Reseller and enterprise packages cannot be edited here.';

/** Products the Subs Table lists: any with a subscription not ended, or with a staff package edit. */
const listed = (ctx: ServiceCtx) =>
  ctx.db
    .select({ pid: subscriptions.pid })
    .from(subscriptions)
    .where(ne(subscriptions.status, 'deleted'))
    .union(ctx.db.select({ pid: packageOverrides.pid }).from(packageOverrides));

/** Subs Table rows of some products: limits, what they use, and whether staff may edit them. */
async function rowsOf(ctx: ServiceCtx, list: { product: ProductRow; email: string }[]): Promise<SubsRow[]> {
  const pids = list.map((r) => r.product.id);
  if (!pids.length) return [];
  const [agentCounts, phoneCounts, subs] = await Promise.all([
    ctx.db
      .select({ pid: agents.pid, n: count() })
      .from(agents)
      .where(inArray(agents.pid, pids))
      .groupBy(agents.pid)
      .all(),
    ctx.db
      .select({ pid: phones.pid, type: phones.type, n: count() })
      .from(phones)
      .where(and(inArray(phones.pid, pids), eq(phones.enabled, true), eq(phones.sandbox, false)))
      .groupBy(phones.pid, phones.type)
      .all(),
    ctx.db
      .select({ pid: subscriptions.pid, planId: subscriptions.planId })
      .from(subscriptions)
      .where(and(inArray(subscriptions.pid, pids), ne(subscriptions.status, 'deleted')))
      .all(),
  ]);
  const all = plans(ctx);
  const custom = `${ctx.config.BRAND}-custom-api`;
  return list.map(({ product: p, email }) => {
    const s = p.settings;
    const used = (type: string) => phoneCounts.find((c) => c.pid === p.id && c.type === type)?.n ?? 0;
    return {
      owner_id: p.uid,
      owner_email: email,
      package: s.subscription_package ?? null,
      agent_limit: Number(s.agent_limit ?? 0),
      phone_limit: Number(s.phone_limit ?? 0),
      instagram_limit: Number(s.instagram_limit ?? 0),
      agents: agentCounts.find((c) => c.pid === p.id)?.n ?? 0,
      phones: used('whatsapp'),
      instagrams: used('instagram'),
      is_reseller: s.partner === true,
      is_enterprise:
        s.subscription_package === custom || subs.some((x) => x.pid === p.id && all.get(x.planId)?.name === 'CUSTOM'),
      pid: p.id,
    };
  });
}

/** A page of the Subs Table, newest products first, optionally owners whose e-mail contains `email`. */
export async function listSubsTable(ctx: ServiceCtx, q: { page: number; limit: number; email?: string | undefined }) {
  const where = and(
    inArray(products.id, listed(ctx)),
    q.email ? like(users.email, `%${q.email.toLowerCase().replace(/[%_]/g, '')}%`) : undefined,
  );
  const [page, total] = await Promise.all([
    ctx.db
      .select({ product: products, email: users.email })
      .from(products)
      .innerJoin(users, eq(users.id, products.uid))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    ctx.db.select({ n: count() }).from(products).innerJoin(users, eq(users.id, products.uid)).where(where).get(),
  ]);
  return { result: await rowsOf(ctx, page), total: total?.n ?? 0 };
}

/**
 * Sets a product's agent, phone and Instagram limits (`setPackage`). Stored as an adjustment to what
 * its subscriptions grant now, then applied by `settle` like any billing change, so the server
 * enforces the new limits at once (phones above a lowered limit are disabled, newest first).
 * Reseller and enterprise products are refused: their limits come from their own agreements.
 */
export async function setPackage(
  ctx: ServiceCtx,
  actor: Actor,
  input: {
    pid: string;
    new_limit: number;
    new_phone_limit: number;
    new_instagram_limit: number;
    subscription_plan_id?: string | undefined;
  },
): Promise<SubsRow> {
  const product = await getProduct(ctx, input.pid);
  if (!product) throw new ApiError('NOT_FOUND', 'Product not found.');
  const owner =
    (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, product.uid)).get())?.email ?? '';
  const [before] = await rowsOf(ctx, [{ product, email: owner }]);
  if (before!.is_reseller || before!.is_enterprise) throw new ApiError('FORBIDDEN', PACKAGE_LOCKED);
  const planId = input.subscription_plan_id
    ? planOf(ctx, input.subscription_plan_id).id
    : ((await packageOverride(ctx, product.id))?.planId ?? null);
  const subs = await ctx.db.select().from(subscriptions).where(eq(subscriptions.pid, product.id)).all();
  const granted = derivedSettings(ctx, subs).settings;
  const values = {
    phoneDelta: input.new_phone_limit - (granted.phone_limit ?? 0),
    agentDelta: input.new_limit - (granted.agent_limit ?? 0),
    instagramDelta: input.new_instagram_limit - (granted.instagram_limit ?? 0),
    planId,
    staffUid: actor?.id ?? null,
    at: ctx.now(),
  };
  await ctx.db
    .insert(packageOverrides)
    .values({ pid: product.id, ...values })
    .onConflictDoUpdate({ target: packageOverrides.pid, set: values });
  await settle(ctx, product.id, []);
  const [after] = await rowsOf(ctx, [{ product: (await getProduct(ctx, product.id))!, email: owner }]);
  const limits = (r: SubsRow) => ({
    agent_limit: r.agent_limit,
    phone_limit: r.phone_limit,
    instagram_limit: r.instagram_limit,
    package: r.package,
  });
  await recordAudit(ctx, actor, 'setPackage', product.id, {
    owner_email: owner,
    before: limits(before!),
    after: limits(after!),
  });
  return after!;
}
