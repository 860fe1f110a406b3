import { and, eq, inArray, isNull } from 'drizzle-orm';
import { products, subscriptions, users } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { openToken } from '../secrets/product-secrets';
import { recordAudit, type Actor } from './audit';

/** What the page shows when no user matches (4-admin §8). */
const NO_USER = 'No User';

/**
 * Opens a user's product for an admin (4-admin §7 `userproduct`): its settings and its API token,
 * with which the logs page reads that user's logs through the messaging API, no password needed.
 * Every lookup is written to the audit log, since it hands out a customer's token.
 */
export async function lookUpUserProduct(ctx: ServiceCtx, actor: Actor, q: { uid?: number; email?: string }) {
  const row = await ctx.db
    .select({ product: products, email: users.email })
    .from(products)
    .innerJoin(users, eq(users.id, products.uid))
    .where(q.uid !== undefined ? eq(users.id, q.uid) : eq(users.email, q.email ?? ''))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', NO_USER);
  const { product: p } = row;
  const paid = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.pid, p.id),
        inArray(subscriptions.status, ['active', 'past_due']),
        isNull(subscriptions.trialType),
      ),
    )
    .get();
  await recordAudit(ctx, actor, 'userproduct', String(p.uid), {
    email: row.email,
    pid: p.id,
    by: q.uid !== undefined ? 'uid' : 'email',
  });
  const s = p.settings;
  return {
    token: await openToken(ctx, p),
    product: {
      id: p.id,
      uid: p.uid,
      email: row.email,
      product_type: p.productType,
      trial: p.trial,
      settings: {
        subscription_package: s.subscription_package ?? null,
        phone_limit: s.phone_limit ?? null,
        agent_limit: s.agent_limit ?? null,
        instagram_limit: s.instagram_limit ?? null,
      },
      sub: !!paid,
    },
  };
}
