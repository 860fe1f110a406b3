import { eq } from 'drizzle-orm';
import { packageOverrides, type PackageOverrideRow, type ProductSettings } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { packageOf, plans } from './catalogue';

/** The staff package edit of a product, if any (db/schema/package-overrides.ts). */
export function packageOverride(ctx: ServiceCtx, pid: string): Promise<PackageOverrideRow | undefined> {
  return ctx.db.select().from(packageOverrides).where(eq(packageOverrides.pid, pid)).get();
}

type Limits = Pick<ProductSettings, 'phone_limit' | 'agent_limit' | 'instagram_limit' | 'subscription_package'>;

/** Limits derived from subscriptions with a staff edit added on top (never below zero); its plan fixes the package. */
export function withOverride(ctx: ServiceCtx, derived: Limits, o: PackageOverrideRow | undefined): Limits {
  if (!o) return derived;
  const plan = o.planId ? plans(ctx).get(o.planId) : undefined;
  return {
    phone_limit: Math.max(0, (derived.phone_limit ?? 0) + o.phoneDelta),
    agent_limit: Math.max(0, (derived.agent_limit ?? 0) + o.agentDelta),
    instagram_limit: Math.max(0, (derived.instagram_limit ?? 0) + o.instagramDelta),
    subscription_package: plan ? packageOf(ctx, plan) : (derived.subscription_package ?? null),
  };
}
