import { and, eq, lt, lte } from 'drizzle-orm';
import {
  dialogflowIntegrations,
  dialogflowRequests,
  phones,
  type DialogflowRequestRow,
  type PhoneRow,
} from '../../../db/schema';
import type { IncomingMessage } from '../../engines/types';
import { ApiError } from '../../errors';
import { claimDue } from '../claim';
import type { ServiceCtx } from '../context';
import { acceptMessage } from '../messages/accept';
import type { Consequences } from '../events/consequence';
import type { Condition } from '../group-commit';
import { writeLog } from '../logs/write';
import { openCredentials } from './integrations';
import type { DialogflowPort } from './port';

/** Retries after a failed answer (Google unreachable, a token refused): 5 s, 1 min, 5 min; then the message is given up. */
const AGENT_RETRY_MS = [5_000, 60_000, 5 * 60_000] as const;
/**
 * Two bots answering each other (an agent and an auto-responder) would write forever: past this many
 * messages of one conversation in the window, the agent stays silent there and the page says why.
 */
export const LOOP_MAX = 30;
const LOOP_WINDOW_MS = 3_600_000;

function loopMessage(chatId: string): string {
  return `Stopped answering ${chatId.replace(/@.*/, '')}: more than ${LOOP_MAX} messages in an hour (is it an automatic responder?).`;
}

/** A claimed request is this process's for this long (longer than Google's calls take). */
const CLAIM_MS = 60_000;
const BATCH = 20;

/**
 * Called where incoming messages are recorded: when the phone has an agent, the customer's text is
 * put on the agent's durable queue, in the message's own transaction (only if `isNew` holds), so a
 * crash cannot leave a stored message its agent never hears of. The Dialogflow job answers it, so
 * message intake never waits for Google. Past the loop guard's limit the integration records why
 * instead. Nothing is read first: the statements find the phone's integration themselves (none: they
 * write nothing, at the cost of one index lookup each).
 */
export function queueForAgent(
  ctx: ServiceCtx,
  phone: PhoneRow,
  messageId: string,
  m: IncomingMessage,
  isNew: Condition,
): Consequences {
  const text = (m.message.text ?? '').trim();
  if (m.message.fromMe || m.key.fromMe || !text || m.key.chatId.endsWith('@g.us')) return { stmts: [] };
  const now = ctx.now();
  const chatId = m.key.chatId;
  const recent = '(select count(*) from dialogflow_requests where phone_id = ? and chat_id = ? and created_at > ?)';
  const recentArgs = [phone.id, chatId, now - LOOP_WINDOW_MS];
  return {
    // The guard first: it counts the conversation's requests before this message's goes in.
    stmts: [
      {
        sql: `update dialogflow_integrations set last_error = ?, last_error_at = ?
          where phone_id = ? and ${isNew.sql} and ${recent} >= ${LOOP_MAX}`,
        args: [loopMessage(chatId), now, phone.id, ...isNew.args, ...recentArgs],
      },
      {
        sql: `insert into dialogflow_requests
            (integration_id, phone_id, message_id, chat_id, text, next_attempt_at, created_at, updated_at)
          select id, ?, ?, ?, ?, ?, ?, ? from dialogflow_integrations
          where phone_id = ? and ${isNew.sql} and ${recent} < ${LOOP_MAX}
          on conflict do nothing`,
        args: [phone.id, messageId, chatId, text, now, now, now, phone.id, ...isNew.args, ...recentArgs],
      },
    ],
    committed: (results) => {
      if (results[1]?.rowsAffected) ctx.bus?.emit('agentQueued', {});
    },
  };
}

/** Claims due requests with a lease, so two processes never answer the same message. */
export async function claimAgentRequests(ctx: ServiceCtx): Promise<DialogflowRequestRow[]> {
  const now = ctx.now();
  return claimDue(ctx.db, dialogflowRequests, {
    due: and(
      eq(dialogflowRequests.status, 'pending'),
      lte(dialogflowRequests.nextAttemptAt, now),
      lt(dialogflowRequests.leaseUntil, now),
    ),
    order: 'id',
    limit: BATCH,
    leaseUntil: now + CLAIM_MS,
  });
}

/** A stable Dialogflow session per conversation (ES allows 36 characters): the hash of phone and chat. */
async function sessionOf(phoneId: number, chatId: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${phoneId}:${chatId}`)),
  );
  return Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Asks the agent and queues its answers on the phone's send queue (the same path as the API's
 * sendMessage). A failure is recorded on the request, on the integration (the page shows it) and in
 * the product's log; it is retried unless retrying cannot help (the phone refuses to send).
 */
export async function answerAgentRequest(
  ctx: ServiceCtx,
  port: DialogflowPort,
  req: DialogflowRequestRow,
): Promise<boolean> {
  const found = await ctx.db
    .select({ i: dialogflowIntegrations, p: phones })
    .from(dialogflowIntegrations)
    .innerJoin(phones, eq(phones.id, dialogflowIntegrations.phoneId))
    .where(eq(dialogflowIntegrations.id, req.integrationId))
    .get();
  if (!found) return false;
  const { i, p } = found;
  try {
    const texts = await port.detectIntent({
      account: await openCredentials(ctx, i),
      projectId: i.projectId,
      languageCode: i.languageCode,
      sessionId: await sessionOf(p.id, req.chatId),
      text: req.text,
      now: ctx.now(),
    });
    // A bot repeats itself ("Sorry, I did not get that"): its answers skip the duplicate filter.
    for (const message of texts)
      await acceptMessage(ctx, p, { to_number: req.chatId, type: 'text', message, skip_filter: true });
    const now = ctx.now();
    await ctx.db
      .update(dialogflowRequests)
      .set({ status: 'done', attempts: req.attempts + 1, error: null, leaseUntil: 0, updatedAt: now })
      .where(eq(dialogflowRequests.id, req.id));
    await ctx.db.update(dialogflowIntegrations).set({ lastAnswerAt: now }).where(eq(dialogflowIntegrations.id, i.id));
    return true;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const attempts = req.attempts + 1;
    const retryIn = err instanceof ApiError ? undefined : AGENT_RETRY_MS[attempts - 1];
    const now = ctx.now();
    await ctx.db
      .update(dialogflowRequests)
      .set(
        retryIn === undefined
          ? { status: 'failed', attempts, error, leaseUntil: 0, updatedAt: now }
          : { attempts, error, nextAttemptAt: now + retryIn, leaseUntil: 0, updatedAt: now },
      )
      .where(eq(dialogflowRequests.id, req.id));
    await ctx.db
      .update(dialogflowIntegrations)
      .set({ lastError: error, lastErrorAt: now })
      .where(eq(dialogflowIntegrations.id, i.id));
    await writeLog(ctx, i.pid, p.id, 'error', {
      path: 'dialogflow/detectIntent',
      message: error,
      chatId: req.chatId,
      attempt: attempts,
    });
    return false;
  }
}
