import { and, eq, isNotNull } from 'drizzle-orm';
import { phones, type ProductRow, type UserRow } from '../../../db/schema';
import { sentFromOwnPhone } from '../messages/stats';
import type { GetStartedKey } from '../../shared/onboarding-keys';
import type { ServiceCtx } from '../context';
import { productSubscriptions } from './subscriptions';

type Step = { key: 'profile' | 'subscribe' | 'phone' | 'pair' | 'agent' | 'webhook'; done: boolean };
type Card = { key: GetStartedKey; done: boolean | null };

/** What the onboarding steps read from the account: its plans, phones, webhook and sent messages. */
async function accountState(ctx: ServiceCtx, product: ProductRow) {
  const subs = await productSubscriptions(ctx, product.id);
  const own = await ctx.db
    .select({ status: phones.status, enabled: phones.enabled })
    .from(phones)
    .where(and(eq(phones.pid, product.id), eq(phones.sandbox, false)))
    .all();
  const hooked =
    Boolean(product.webhook) ||
    (await ctx.db
      .select({ id: phones.id })
      .from(phones)
      .where(and(eq(phones.pid, product.id), isNotNull(phones.webhook)))
      .get()) !== undefined;
  return {
    subs,
    subscribed: subs.some((s) => s.status === 'active' || s.status === 'past_due'),
    phones: own.length,
    paired: own.some((p) => p.enabled && p.status === 'active'),
    hooked,
  };
}

const percentOf = (done: readonly boolean[]) => Math.round((done.filter(Boolean).length / done.length) * 100);

/**
 * The onboarding checklist from real state (1-console §4): profile (name, company and phone),
 * subscribe, add a phone, pair one by QR (an active phone), then a webhook for API packages or an
 * agent for live ones (`agents`: how many the product has registered).
 */
export async function onboarding(
  ctx: ServiceCtx,
  user: UserRow,
  product: ProductRow,
  agents: number,
): Promise<{ percent: number; steps: Step[] }> {
  const s = await accountState(ctx, product);
  const live = product.settings.subscription_package === 'live';
  const steps: Step[] = [
    { key: 'profile', done: Boolean(user.name.trim() && user.company.trim() && user.phone.trim()) },
    { key: 'subscribe', done: s.subscribed },
    { key: 'phone', done: s.phones > 0 },
    { key: 'pair', done: s.paired },
    live ? { key: 'agent', done: agents > 0 } : { key: 'webhook', done: s.hooked },
  ];
  return { percent: percentOf(steps.map((x) => x.done)), steps };
}

/**
 * The get-started page's six cards from real state (3-developer §2.7), and the progress over them: the
 * share of its five steps done (a plan, a linked phone, a webhook, a sent message, a paid plan), the
 * same number in the header's badge and on the page. The documentation card is a guide with no state
 * (`done: null`) and no part of the progress; the subscribe card counts paid plans only.
 */
export async function getStarted(
  ctx: ServiceCtx,
  product: ProductRow,
): Promise<{ percent: number; welcome: boolean; cards: Card[] }> {
  const s = await accountState(ctx, product);
  const planned = product.trial !== null || s.subs.length > 0;
  const sent = await sentFromOwnPhone(ctx.db, product.id);
  const cards: Card[] = [
    { key: 'trial', done: planned },
    { key: 'phone', done: s.paired },
    { key: 'webhook', done: s.hooked },
    { key: 'documentation', done: null },
    { key: 'messages', done: sent },
    { key: 'subscribe', done: s.subs.some((x) => !x.trialType && (x.status === 'active' || x.status === 'past_due')) },
  ];
  return { percent: percentOf(cards.flatMap((c) => (c.done === null ? [] : [c.done]))), welcome: !planned, cards };
}
