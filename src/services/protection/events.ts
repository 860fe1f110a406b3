import { and, eq } from 'drizzle-orm';
import { phoneProtection, type PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { writeLog } from '../logs/write';
import { budgetFiguresQuery, protectionNowOf, type ProtectionBudget } from '../messages/protection-budget';
import { enqueueDelivery } from '../webhooks/outbox';
import { webhookTarget } from '../webhooks/events';

type State = 'ok' | 'warning' | 'reached';
/** The share of a budget at which the warning goes out. */
export const WARNING_AT = 0.8;

function stateOf(used: number, limit: number): State {
  if (used >= limit) return 'reached';
  return used >= Math.ceil(limit * WARNING_AT) ? 'warning' : 'ok';
}

/**
 * The events a move from `prev` to `next` sends: 80 % (warning), 100 % (reached; a jump from below 80 %
 * sends the warning first, so a customer always sees both), and freed (cleared) after reached.
 */
function eventsOf(prev: State, next: State): ('warning' | 'reached' | 'cleared')[] {
  if (next === 'reached') return prev === 'ok' ? ['warning', 'reached'] : prev === 'warning' ? ['reached'] : [];
  if (prev === 'reached') return ['cleared'];
  return next === 'warning' && prev === 'ok' ? ['warning'] : [];
}

export function protectionPayload(
  phone: Pick<PhoneRow, 'id' | 'pid'>,
  budget: ProtectionBudget,
  used: number,
  limit: number,
  state: 'warning' | 'reached' | 'cleared',
) {
  return { type: 'protection', product_id: phone.pid, phone_id: phone.id, budget, used, limit, state };
}

/**
 * Looks at a protected phone's budgets and sends the `protection` event of each change of state
 * (webhook and log). Exactly once: the stored state moves with a conditional UPDATE from the state
 * this call read, and only the caller whose UPDATE changed the row emits (two runners, a retried
 * round, or a second call with the same figures emit nothing).
 * Called by the runner after an opener was sent and when rows are held; nothing for unprotected phones
 * but one read by primary key.
 */
export async function checkProtection(ctx: ServiceCtx, phone: PhoneRow): Promise<{ left: number; reached: boolean }> {
  const row = await ctx.db.select().from(phoneProtection).where(eq(phoneProtection.phoneId, phone.id)).get();
  if (!row?.enabled || phone.engine === 'cloud') return { left: Infinity, reached: false };
  const f = await budgetFiguresQuery(ctx.db, phone.id, protectionNowOf(ctx));
  if (!f) return { left: Infinity, reached: false };
  const budgets: {
    budget: ProtectionBudget;
    used: number;
    limit: number;
    prev: State;
    column: 'newChatsState' | 'unansweredState';
  }[] = [
    {
      budget: 'new_chats',
      used: f.new_today,
      limit: f.day_limit ?? row.rampMax,
      prev: row.newChatsState,
      column: 'newChatsState',
    },
    {
      budget: 'unanswered',
      used: f.unanswered,
      limit: row.unansweredLimit,
      prev: row.unansweredState,
      column: 'unansweredState',
    },
  ];
  for (const b of budgets) {
    const next = stateOf(b.used, b.limit);
    if (next === b.prev) continue;
    const res = await ctx.db
      .update(phoneProtection)
      .set({ [b.column]: next })
      .where(and(eq(phoneProtection.phoneId, phone.id), eq(phoneProtection[b.column], b.prev)));
    if (!res.rowsAffected) continue;
    for (const event of eventsOf(b.prev, next)) {
      const payload = protectionPayload(phone, b.budget, b.used, b.limit, event);
      await writeLog(ctx, phone.pid, phone.id, 'status', { event: 'protection', ...payload });
      const { url } = await webhookTarget(ctx, phone);
      if (url) await enqueueDelivery(ctx, { pid: phone.pid, phoneId: phone.id, kind: 'status', url, payload });
    }
  }
  // How many more chats may open before a state can change (the next threshold of either budget).
  const toNext = (used: number, limit: number) =>
    used < Math.ceil(limit * WARNING_AT)
      ? Math.ceil(limit * WARNING_AT) - used
      : used < limit
        ? limit - used
        : Infinity;
  return {
    left: Math.min(...budgets.map((b) => toNext(b.used, b.limit))),
    reached: budgets.some((b) => b.used >= b.limit),
  };
}

/** A watch is trusted this long at most (answers free the unanswered budget; the day turns). */
const WATCH_FRESH_MS = 60_000;

/**
 * The runner's view of `checkProtection`: the figures are read only when a state can change, not for
 * every message that opens a chat. After a check it knows how many chats may open before the next
 * threshold (the lease makes this runner the only one opening chats for the phone), counts the
 * openers it sends, and checks again when that many went, when the UTC day turns, or after
 * WATCH_FRESH_MS; while rows are held it checks at most once a WATCH_HELD_MS.
 */
export function protectionWatch(ctx: ServiceCtx, log?: (entry: Record<string, unknown>) => void) {
  const known = new Map<number, { left: number; reached: boolean; at: number }>();
  const check = async (phone: PhoneRow) => {
    const at = ctx.now();
    try {
      known.set(phone.id, { ...(await checkProtection(ctx, phone)), at });
    } catch (err) {
      known.delete(phone.id);
      log?.({ level: 'warn', msg: 'protection check failed', phoneId: phone.id, err: String(err) });
    }
  };
  const stale = (e: { at: number } | undefined, ms: number) => {
    const now = ctx.now();
    return !e || now - e.at >= ms || Math.floor(now / 86_400_000) !== Math.floor(e.at / 86_400_000);
  };
  return {
    /** A message that opened a chat was sent. */
    opened: async (phone: PhoneRow) => {
      const e = known.get(phone.id);
      // After a budget was reached, a chat that opens means it freed (raised, a new day): look now for `cleared`.
      if (e && !e.reached && !stale(e, WATCH_FRESH_MS) && --e.left > 0) return;
      await check(phone);
    },
    /** Rows are held. */
    held: async (phone: PhoneRow) => {
      if (stale(known.get(phone.id), WATCH_HELD_MS)) await check(phone);
    },
    /** A chat answered: a reached unanswered budget may have freed (refuse mode holds nothing to notice it). Nothing read otherwise. */
    answered: async (phone: PhoneRow) => {
      const e = known.get(phone.id);
      if (e?.reached) await check(phone);
    },
  };
}
/** While rows are held, the figures are read at most this often. */
const WATCH_HELD_MS = 2_000;
