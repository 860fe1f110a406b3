import { and, eq } from 'drizzle-orm';
import { liveConversations } from '../../../db/schema';
import { ApiError, codeToStatus } from '../../errors';
import { LIVE_MSG } from '../../shared/live-messages';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { closeConversation, transferConversation, transferTarget, type TransferTo } from './assign';
import { resolveConversation } from './conversations';
import { setConversationLabels } from './labels';
import { organised } from './org-events';
import { snoozeConversation } from './snooze';
import { threadTouched } from './threads';

const lc = liveConversations;

/** What a bulk call does to each of its conversations. */
export type BulkAction =
  | { action: 'close' }
  | { action: 'assign'; to: TransferTo }
  | { action: 'label'; labels: string[] }
  | { action: 'snooze'; until: string | number };

/**
 * Assigns a conversation: a waiting one goes to the target as taken (any agent may hand out the
 * waiting ones, as in Chatwoot); a taken one is transferred under the transfer's rules.
 */
async function assignConversation(ctx: ServiceCtx, actor: LiveActor, id: string, to: TransferTo) {
  const conv = await resolveConversation(ctx, actor, id);
  if (conv.live?.state === 'taken') return transferConversation(ctx, actor, id, to);
  const target = await transferTarget(ctx, actor.pid, to);
  const now = ctx.now();
  const [live] = await ctx.db
    .update(lc)
    .set({ state: 'taken', holder: target.key, holderEmail: target.email, takenAt: now, updatedAt: now })
    .where(and(eq(lc.phoneId, conv.chat.phoneId), eq(lc.chatJid, conv.chat.jid), eq(lc.state, 'waiting')))
    .returning()
    .all();
  if (!live) throw new ApiError('CONFLICT', LIVE_MSG.notOpen);
  await threadTouched(ctx, actor.pid, live, { holder: target.key });
  return organised(ctx, actor, conv, live, 'assigned', { to: target.email });
}

function one(ctx: ServiceCtx, actor: LiveActor, id: string, a: BulkAction) {
  if (a.action === 'close') return closeConversation(ctx, actor, id);
  if (a.action === 'assign') return assignConversation(ctx, actor, id, a.to);
  if (a.action === 'label') return setConversationLabels(ctx, actor, id, a.labels, 'add');
  return snoozeConversation(ctx, actor, id, a.until);
}

/**
 * Runs one action on up to 100 conversations, one after another, each checked as the single call
 * would be (another account's id: 404; a refusal: its 4xx): answers each id's outcome.
 */
export async function bulkAction(ctx: ServiceCtx, actor: LiveActor, ids: readonly string[], a: BulkAction) {
  const out: { id: string; ok: boolean; error?: string; status?: number }[] = [];
  for (const id of new Set(ids)) {
    try {
      await one(ctx, actor, id, a);
      out.push({ id, ok: true });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      out.push({ id, ok: false, error: e.message, status: codeToStatus[e.code] });
    }
  }
  return out;
}
