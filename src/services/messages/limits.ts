import { and, count, countDistinct, eq, gte } from 'drizzle-orm';
import { messages } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { protectionNowOf, protectionRefusal } from './protection-budget';

/** A sandbox phone's allowance (2-phones §9). */
const SANDBOX_LIMITS = { conversationsPerMonth: 5, messagesPerDay: 150 } as const;

function startOfUtcDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

function startOfUtcMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Throws when one more message to `chatId` would take a sandbox phone past its allowance. */
export async function assertSandboxAllowance(ctx: ServiceCtx, phoneId: number, chatId: string): Promise<void> {
  const now = ctx.now();
  const out = and(eq(messages.phoneId, phoneId), eq(messages.direction, 'out'));
  const today = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(out, gte(messages.createdAt, startOfUtcDay(now))))
    .get();
  if ((today?.n ?? 0) >= SANDBOX_LIMITS.messagesPerDay) {
    throw new ApiError(
      'SANDBOX_LIMIT',
      `Sandbox phones can send ${SANDBOX_LIMITS.messagesPerDay} messages a day. Upgrade to a paid phone to send more.`,
    );
  }
  const monthStart = startOfUtcMonth(now);
  const known = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(out, eq(messages.chatId, chatId), gte(messages.createdAt, monthStart)))
    .get();
  if ((known?.n ?? 0) > 0) return;
  const chatsThisMonth = await ctx.db
    .select({ n: countDistinct(messages.chatId) })
    .from(messages)
    .where(and(out, gte(messages.createdAt, monthStart)))
    .get();
  if ((chatsThisMonth?.n ?? 0) >= SANDBOX_LIMITS.conversationsPerMonth) {
    throw new ApiError(
      'SANDBOX_LIMIT',
      `Sandbox phones can message ${SANDBOX_LIMITS.conversationsPerMonth} conversations a month. Upgrade to a paid phone to reach more.`,
    );
  }
}

/** Throws 429 PROTECTION_LIMIT when a message to `chatId` would open a chat past a budget (refuse mode: nothing is stored). */
export async function assertProtectionAllows(ctx: ServiceCtx, phoneId: number, chatId: string): Promise<void> {
  const r = await protectionRefusal(ctx.db, phoneId, chatId, protectionNowOf(ctx));
  if (!r) return;
  const what =
    r.budget === 'new_chats'
      ? `new chats today (${r.used} of ${r.limit})`
      : `unanswered chats of the last 30 days (${r.used} of ${r.limit})`;
  throw new ApiError(
    'PROTECTION_LIMIT',
    `Ban protection: this number has reached its limit of ${what}. It frees at ${new Date(r.freesAt).toISOString()}.`,
    {
      budget: r.budget,
      used: r.used,
      limit: r.limit,
      frees_at: new Date(r.freesAt).toISOString(),
    },
  );
}
