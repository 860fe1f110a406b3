import type { InStatement } from '@libsql/client';
import { eq } from 'drizzle-orm';
import {
  groupEvents,
  type logs,
  phones,
  products,
  type webhookDeliveries,
  type PhoneRow,
  type ProductRow,
} from '../../../db/schema';
import type { Ack, GroupEvent, IncomingMessage } from '../../engines/types';
import { liveWebhookUrl } from '../../shared/live-webhook';
import { cachedFor, PHONE_CACHE_MS, type WebhookTarget } from '../cache';
import type { ServiceCtx } from '../context';
import { logRow } from '../logs/write';
import { groupCommit, jsonSet, type Condition, type Statement } from '../group-commit';
import type { AckGuard, Consequences } from '../events/consequence';
import { deliveryRow, eventId, outboxFilled } from './outbox';
import {
  ackPayload,
  groupInfoPayload,
  messagePayload,
  sendFailedPayload,
  failedAckPayload,
  statusPayload,
} from './payloads';

type Kind = (typeof webhookDeliveries.$inferInsert)['kind'];
type LogType = (typeof logs.$inferInsert)['type'];

type Settings = { phoneHook: string | null; phoneAck: boolean | null; webhook: string | null; ack: boolean };

/** Where events go from a phone's and its product's settings (the phone's own webhook wins). */
function targetOf(ctx: Pick<ServiceCtx, 'config'>, pid: string, row: Settings | undefined): WebhookTarget {
  if (!row) return { pid, url: null, acks: false };
  const url = row.phoneHook || row.webhook || null;
  // The default webhook is this server's live chat, which reads the message store itself: posting to it would only load the server.
  return { pid, url: url === liveWebhookUrl(ctx.config.publicUrl) ? null : url, acks: row.phoneAck ?? row.ack };
}

/**
 * Where a phone's events go: the phone's own webhook, else the product's; acks only when asked for.
 * Settings change while sessions run: this process's edits forget the cached answer at once, another
 * process's show within PHONE_CACHE_MS, or within a runner's lease round (plus PHONE_CACHE_MS) for the
 * phones it holds (an event per ack must not cost a query).
 */
export async function webhookTarget(
  ctx: ServiceCtx,
  phone: Pick<PhoneRow, 'id' | 'pid'>,
): Promise<{ url: string | null; acks: boolean }> {
  return cachedFor(ctx.cache.webhookTargets, phone.id, ctx.now(), PHONE_CACHE_MS, async () => {
    const row = await ctx.db
      .select({
        phoneHook: phones.webhook,
        phoneAck: phones.ackDelivery,
        webhook: products.webhook,
        ack: products.ackDelivery,
      })
      .from(phones)
      .innerJoin(products, eq(products.id, phones.pid))
      .where(eq(phones.id, phone.id))
      .get();
    return targetOf(ctx, phone.pid, row);
  });
}

/**
 * Keeps a runner's caches of its phones' webhook targets and products from the rows its lease round
 * read, until PHONE_CACHE_MS past the next round's start: that round's read takes a while, and
 * entries that ran out before it lands would send every ack and message of the moment to the
 * database at once.
 */
export function primeTargets(
  ctx: ServiceCtx,
  rows: readonly PhoneRow[],
  owners: readonly ProductRow[],
  freshMs: number,
): void {
  const until = ctx.now() + freshMs + PHONE_CACHE_MS;
  const byId = new Map(owners.map((p) => [p.id, p]));
  for (const p of owners) ctx.cache.products.set(p.id, { value: p, until });
  for (const r of rows) {
    const p = byId.get(r.pid);
    const settings = p
      ? { phoneHook: r.webhook, phoneAck: r.ackDelivery, webhook: p.webhook, ack: p.ackDelivery }
      : undefined;
    ctx.cache.webhookTargets.set(r.id, { value: targetOf(ctx, r.pid, settings), until });
  }
}

/** What an event is: its kind (the webhook's), its log type, its payload, and where it goes (null: logged only). */
interface PhoneEvent {
  kind: Kind;
  logType: LogType;
  payload: Record<string, unknown>;
  url: string | null;
}

/** An event's log row and, with a webhook, its outbox row: statements that commit together (`onlyIf`: see logRow). */
function eventRows(ctx: ServiceCtx, phone: PhoneRow, e: PhoneEvent, onlyIf?: Condition): InStatement[] {
  const id = eventId();
  const { kind, payload, url } = e;
  const data = { event: id, kind, body: payload, ...(url ? { webhook: url } : {}) };
  const rows = [logRow(ctx, phone.pid, phone.id, e.logType, data, onlyIf)];
  if (url) rows.push(deliveryRow(ctx, { pid: phone.pid, phoneId: phone.id, kind, url, payload, eventId: id }, onlyIf));
  return rows;
}

/**
 * An incoming message's log row and webhook delivery, which commit with the message (each only if
 * `isNew` holds); once they have, the deliverer is woken.
 */
export async function incomingEvents(
  ctx: ServiceCtx,
  phone: PhoneRow,
  id: string,
  m: IncomingMessage,
  isNew: Condition,
): Promise<Consequences> {
  const { url } = await webhookTarget(ctx, phone);
  const payload = messagePayload(phone, id, m, ctx.config.publicUrl);
  return {
    stmts: eventRows(ctx, phone, { kind: 'message', logType: 'message', payload, url }, isNew),
    committed: () => (url ? outboxFilled(ctx) : undefined),
  };
}

/**
 * An ack of a sent message: delivered only when ack delivery is on, with the ack's write (its
 * condition and the message id read in the transaction come from `guard`).
 */
export async function ackEvents(
  ctx: ServiceCtx,
  phone: PhoneRow,
  a: Ack,
  guard: () => AckGuard,
): Promise<Consequences> {
  const { url, acks } = await webhookTarget(ctx, phone);
  if (!url || !acks) return { stmts: [] };
  const { onlyIf, msgId } = guard();
  const payload = ackPayload(phone, '', Math.min(5, Math.max(1, a.ack)) as 1, a.chatId, a.time);
  const e = { pid: phone.pid, phoneId: phone.id, kind: 'ack' as const, url, payload };
  return {
    stmts: [deliveryRow(ctx, e, onlyIf, jsonSet(payload, '$.data[0].msgId', msgId))],
    committed: () => outboxFilled(ctx),
  };
}

/**
 * A status change: its log row and its delivery, which commit with the phone's write (with `changes`,
 * each only if it holds: the stored status is another); once they have, the deliverer is woken.
 */
export async function statusEvents(
  ctx: ServiceCtx,
  phone: PhoneRow,
  status: string,
  changes?: Condition,
): Promise<Consequences> {
  const { url } = await webhookTarget(ctx, phone);
  const e: PhoneEvent = { kind: 'status', logType: 'status', payload: statusPayload(phone, status), url };
  return { stmts: eventRows(ctx, phone, e, changes), committed: () => (url ? outboxFilled(ctx) : undefined) };
}

/** A group membership change: kept for the group action logs and delivered as info messages. */
export async function emitGroupEvent(ctx: ServiceCtx, phone: PhoneRow, e: GroupEvent): Promise<void> {
  const { url } = await webhookTarget(ctx, phone);
  // Each participant's row, log row and info message commit together: a crash leaves all of them or none.
  const stmts: Statement[] = e.participants.flatMap((participant) => [
    ctx.db.insert(groupEvents).values({
      pid: phone.pid,
      phoneId: phone.id,
      groupId: e.groupId,
      groupName: e.groupName ?? '',
      subtype: e.subtype,
      participant,
      by: e.by ?? null,
      createdAt: e.time,
    }),
    ...eventRows(ctx, phone, {
      kind: 'message',
      logType: 'message',
      payload: groupInfoPayload(phone, e, participant, ctx.config.publicUrl),
      url,
    }),
  ]);
  if (stmts.length === 0) return;
  await groupCommit(ctx.db).run(stmts);
  if (url) outboxFilled(ctx);
}

/**
 * A message that could not be sent: an error in the log, and an `error` event to the webhook, as
 * statements that commit with the failed row (each only while `onlyIf` holds). An official number's
 * acks come from Meta's statuses, `failed` among them: with ack delivery on, it goes as an ack too.
 */
export async function sendFailedRows(
  ctx: ServiceCtx,
  phone: PhoneRow,
  msgId: string,
  chatId: string,
  error: string,
  onlyIf: Condition,
): Promise<Consequences> {
  const { url, acks } = await webhookTarget(ctx, phone);
  const path = `/api/${phone.pid}/${phone.id}/sendMessage`;
  const rows = [logRow(ctx, phone.pid, phone.id, 'error', { path, msgId, chatId, message: error }, onlyIf)];
  const event = { pid: phone.pid, phoneId: phone.id };
  if (url) {
    const time = Math.floor(ctx.now() / 1000);
    const payload = sendFailedPayload(phone, msgId, chatId, error, time);
    rows.push(deliveryRow(ctx, { ...event, kind: 'error', url, payload }, onlyIf));
    if (phone.engine === 'cloud' && acks) {
      const ack = failedAckPayload(phone, msgId, chatId, error, time);
      rows.push(deliveryRow(ctx, { ...event, kind: 'ack', url, payload: ack }, onlyIf));
    }
  }
  return { stmts: rows, committed: () => (url ? outboxFilled(ctx) : undefined) };
}
