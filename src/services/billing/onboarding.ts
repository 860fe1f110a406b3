import { and, eq, isNotNull } from 'drizzle-orm';
import { phones, type ProductRow, type UserRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { productSubscriptions } from './subscriptions';

type Step = { key: 'profile' | 'subscribe' | 'phone' | 'pair' | 'agent' | 'webhook'; done: boolean };

/**
 * The onboarding checklist from real state (1-console §4): profile (name, company and phone),
 * subscribe, add a phone, pair one by QR (an active phone), then a webhook for API packages or an
 * agent for live ones (`agents`: how many the product has registered).
 */
export async function onboarding(ctx: ServiceCtx, user: UserRow, product: ProductRow, agents: number): Promise<{ percent: number; steps: Step[] }> {
  const subs = await productSubscriptions(ctx, product.id);
  const own = await ctx.db.select({ status: phones.status, enabled: phones.enabled, webhook: phones.webhook }).from(phones).where(and(eq(phones.pid, product.id), eq(phones.sandbox, false))).all();
  const hooked = Boolean(product.webhook) || (await ctx.db.select({ id: phones.id }).from(phones).where(and(eq(phones.pid, product.id), isNotNull(phones.webhook))).get()) !== undefined;
  const live = product.settings.subscription_package === 'live';
  const steps: Step[] = [
    { key: 'profile', done: Boolean(user.name.trim() && user.company.trim() && user.phone.trim()) },
    { key: 'subscribe', done: subs.some((s) => s.status === 'active' || s.status === 'past_due') },
    { key: 'phone', done: own.length > 0 },
    { key: 'pair', done: own.some((p) => p.enabled && p.status === 'active') },
    live ? { key: 'agent', done: agents > 0 } : { key: 'webhook', done: hooked },
  ];
  return { percent: Math.round((steps.filter((s) => s.done).length / steps.length) * 100), steps };
}
