import { and, desc, eq, inArray } from 'drizzle-orm';
import { phones, products, subscriptions, type ProductSettings, type SubscriptionRow } from '../../../db/schema';
import type { Grants, Plan } from '../../shared/billing/plans';
import { productChanged } from '../cache';
import type { ServiceCtx } from '../context';
import { disable } from '../phones/lifecycle';
import { packageOf, plans } from './catalogue';
import { packageOverride, withOverride } from './overrides';

/** Statuses whose subscription still grants its limits (past due keeps them while payment is retried). */
export const GRANTING = ['active', 'past_due'] as const;

function grants(ctx: ServiceCtx, subs: readonly Pick<SubscriptionRow, 'planId' | 'quantity' | 'status'>[]): Grants {
  const all = plans(ctx);
  const total: Grants = { phone: 0, agent: 0, instagram: 0 };
  for (const s of subs) {
    if (!(GRANTING as readonly string[]).includes(s.status)) continue;
    const p = all.get(s.planId);
    if (!p) continue;
    total.phone += p.grants.phone * s.quantity;
    total.agent += p.grants.agent * s.quantity;
    total.instagram += p.grants.instagram * s.quantity;
  }
  return total;
}

/** Settings that follow from a product's subscriptions: limits, package and trial state. */
export function derivedSettings(
  ctx: ServiceCtx,
  subs: readonly SubscriptionRow[],
): { settings: Partial<ProductSettings>; trial: boolean | null } {
  const all = plans(ctx);
  const g = grants(ctx, subs);
  const granting = subs.filter((s) => (GRANTING as readonly string[]).includes(s.status));
  const bases = granting.map((s) => all.get(s.planId)).filter((p): p is Plan => Boolean(p && !p.addon));
  const trials = subs.filter((s) => s.trialType);
  const trial = trials.length === 0 ? null : trials.some((s) => (GRANTING as readonly string[]).includes(s.status));
  return {
    settings: {
      phone_limit: g.phone,
      agent_limit: g.agent,
      instagram_limit: g.instagram,
      subscription_package: packageOfAll(ctx, bases, g),
    },
    trial,
  };
}

/**
 * The package of everything bought together, whatever order it was bought in: the enterprise plan
 * when one is running, else `live` when any running subscription gives agents (API then Live Chat is
 * a live-chat customer: 2-phones §2.3), else `api`; null with no base plan running.
 */
function packageOfAll(ctx: ServiceCtx, bases: readonly Plan[], g: Grants): string | null {
  if (bases.length === 0) return null;
  const custom = bases.find((p) => p.name === 'CUSTOM');
  if (custom) return packageOf(ctx, custom);
  return g.agent > 0 ? 'live' : packageOf(ctx, bases[0]!);
}

/**
 * Brings a product in line with its subscriptions after an applied event (or a staff package edit):
 * its limits replace the development default once it has any subscription or staff edit, and a staff
 * edit is added on top (services/billing/overrides.ts); the phones a reduction chose are disabled;
 * and, of a kind where nobody chose, phones (or Instagram accounts) above the new limit are disabled,
 * newest first, their data kept.
 */
export async function settle(ctx: ServiceCtx, pid: string, disableIds: readonly number[]): Promise<void> {
  const subs = await ctx.db.select().from(subscriptions).where(eq(subscriptions.pid, pid)).all();
  const product = await ctx.db.select().from(products).where(eq(products.id, pid)).get();
  const override = await packageOverride(ctx, pid);
  if (!product || (subs.length === 0 && !override)) return;
  const derived = derivedSettings(ctx, subs);
  // Without subscriptions (a staff edit only) the trial state stays as it is.
  const trial = subs.length ? derived.trial : product.trial;
  const settings = withOverride(ctx, derived.settings, override);
  await ctx.db
    .update(products)
    .set({ settings: { ...product.settings, ...settings }, trial })
    .where(eq(products.id, pid));
  productChanged(ctx, pid);
  const chose = new Set<string>();
  if (disableIds.length) {
    const chosen = await ctx.db
      .select()
      .from(phones)
      .where(and(eq(phones.pid, pid), inArray(phones.id, [...disableIds])))
      .all();
    for (const p of chosen) {
      chose.add(p.type);
      await disable(ctx, p);
    }
  }
  for (const [type, limit] of [
    ['whatsapp', settings.phone_limit ?? 0],
    ['instagram', settings.instagram_limit ?? 0],
  ] as const) {
    // Where the customer chose (a reduction reaching its period end), only the chosen phones go:
    // newest first is the rule only where nobody chose (1-console §4; issue 22).
    if (chose.has(type)) continue;
    const enabled = await ctx.db
      .select()
      .from(phones)
      .where(and(eq(phones.pid, pid), eq(phones.enabled, true), eq(phones.sandbox, false), eq(phones.type, type)))
      .orderBy(desc(phones.id))
      .all();
    for (const p of enabled.slice(0, Math.max(0, enabled.length - limit))) await disable(ctx, p);
  }
}
