import { and, desc, eq, inArray } from 'drizzle-orm';
import { phones, products, subscriptions, type ProductSettings, type SubscriptionRow } from '../../../db/schema';
import type { Grants } from '../../shared/billing/plans';
import { productChanged } from '../cache';
import type { ServiceCtx } from '../context';
import { disable } from '../phones/lifecycle';
import { packageOf, plans } from './catalogue';
import { packageOverride, withOverride } from './overrides';

/** Statuses whose subscription still grants its limits (past due keeps them while payment is retried). */
export const GRANTING = ['active', 'past_due'] as const;

export function grants(ctx: ServiceCtx, subs: readonly Pick<SubscriptionRow, 'planId' | 'quantity' | 'status'>[]): Grants {
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
export function derivedSettings(ctx: ServiceCtx, subs: readonly SubscriptionRow[]): { settings: Partial<ProductSettings>; trial: boolean | null } {
  const all = plans(ctx);
  const g = grants(ctx, subs);
  const granting = subs.filter((s) => (GRANTING as readonly string[]).includes(s.status));
  const base = granting.map((s) => all.get(s.planId)).find((p) => p && !p.addon);
  const trials = subs.filter((s) => s.trialType);
  const trial = trials.length === 0 ? null : trials.some((s) => (GRANTING as readonly string[]).includes(s.status));
  return {
    settings: { phone_limit: g.phone, agent_limit: g.agent, instagram_limit: g.instagram, subscription_package: base ? packageOf(ctx, base) : null },
    trial,
  };
}

/**
 * Brings a product in line with its subscriptions after an applied event (or a staff package edit):
 * its limits replace the development default once it has any subscription or staff edit, and a staff
 * edit is added on top (services/billing/overrides.ts); the phones a reduction chose are disabled;
 * and phones (or Instagram accounts) above the new limit are disabled, newest first, their data kept.
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
  await ctx.db.update(products).set({ settings: { ...product.settings, ...settings }, trial }).where(eq(products.id, pid));
  productChanged(ctx, pid);
  if (disableIds.length) {
    const chosen = await ctx.db.select().from(phones).where(and(eq(phones.pid, pid), inArray(phones.id, [...disableIds]))).all();
    for (const p of chosen) await disable(ctx, p);
  }
  for (const [type, limit] of [['whatsapp', settings.phone_limit ?? 0], ['instagram', settings.instagram_limit ?? 0]] as const) {
    const enabled = await ctx.db
      .select()
      .from(phones)
      .where(and(eq(phones.pid, pid), eq(phones.enabled, true), eq(phones.sandbox, false), eq(phones.type, type)))
      .orderBy(desc(phones.id))
      .all();
    for (const p of enabled.slice(0, Math.max(0, enabled.length - limit))) await disable(ctx, p);
  }
}
