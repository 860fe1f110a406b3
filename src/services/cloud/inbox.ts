import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { cloudInbox, phones } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { CloudInboxEvent } from '../../engines/cloud/engine';
import type { ServiceCtx } from '../context';
import { cloudPhoneByNumberId } from './accounts';
import { verifyHubSignature } from './signature';

/** Largest delivery we read (Meta batches up to about a thousand updates; a few hundred kilobytes). */
export const CLOUD_WEBHOOK_MAX_BYTES = 3 * 1024 * 1024;

const CLOUD_SIGNATURE_MESSAGE = 'The X-Hub-Signature-256 is missing or wrong.';

interface WebhookValue {
  metadata?: { phone_number_id?: string };
  /** A `phone_number_quality_update`: the number (display form) whose quality or limit changed. */
  display_phone_number?: string;
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: ({ id?: string; from?: string } & Record<string, unknown>)[];
  statuses?: ({ id?: string; status?: string } & Record<string, unknown>)[];
}

export interface WebhookBody {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: WebhookValue }[] }[];
}

/** What one delivery brought: events stored now, already stored before (Meta's retries), not ours. */
export interface DeliveryOutcome {
  stored: number;
  duplicates: number;
  unrouted: number;
}

/** Meta's verification handshake: the challenge when the mode and token match, else 403. */
export function verifyCloudWebhook(
  ctx: Pick<ServiceCtx, 'config'>,
  q: { mode?: string | undefined; token?: string | undefined; challenge?: string | undefined },
): string {
  const expected = ctx.config.WHATSAPP_CLOUD_VERIFY_TOKEN;
  if (!expected || q.mode !== 'subscribe' || q.token !== expected || !q.challenge)
    throw new ApiError('FORBIDDEN', 'The verification token does not match.');
  return q.challenge;
}

/**
 * Receives one signed delivery of Meta's webhook: the signature is checked against the raw body
 * (401 and nothing stored otherwise), then every message and status is stored for its phone (routed
 * by `metadata.phone_number_id`) before the answer, once by its id: Meta retries and reorders, and a
 * retry changes nothing. The runner hosting the phone turns the rows into messages and acks.
 */
export async function receiveCloudWebhook(
  ctx: ServiceCtx,
  rawBody: string,
  signature: string | undefined,
): Promise<DeliveryOutcome> {
  const secret = ctx.config.WHATSAPP_CLOUD_APP_SECRET;
  if (!secret || !(await verifyHubSignature(secret, signature, rawBody)))
    throw new ApiError('UNAUTHORIZED', CLOUD_SIGNATURE_MESSAGE);
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    throw new ApiError('BAD_REQUEST', 'The delivery is not valid JSON.');
  }
  return storeCloudDelivery(ctx, body);
}

/** Stores a delivery already trusted (checked above, or made by the simulated Graph API): once per message and status id. */
export async function storeCloudDelivery(ctx: ServiceCtx, body: WebhookBody): Promise<DeliveryOutcome> {
  const out: DeliveryOutcome = { stored: 0, duplicates: 0, unrouted: 0 };
  const rows: (typeof cloudInbox.$inferInsert)[] = [];
  const phoneIds = new Map<string, number | null>();
  const now = ctx.now();
  for (const entry of Array.isArray(body.entry) ? body.entry : []) {
    for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
      if (change.field === QUALITY_FIELD) {
        // The number's tier may have changed: its session reads it again (Meta's retries read it again too).
        const phoneId = await qualityPhone(ctx, entry.id, change.value);
        if (phoneId)
          rows.push({
            phoneId,
            kind: 'quality',
            eventId: `quality:${now}`,
            payload: { ...change.value },
            receivedAt: now,
          });
        else out.unrouted += 1;
        continue;
      }
      const v = change.value;
      const numberId = v?.metadata?.phone_number_id;
      if (!v || typeof numberId !== 'string') continue;
      if (!phoneIds.has(numberId)) phoneIds.set(numberId, (await cloudPhoneByNumberId(ctx, numberId))?.id ?? null);
      const phoneId = phoneIds.get(numberId);
      const messages = Array.isArray(v.messages) ? v.messages : [];
      const statuses = Array.isArray(v.statuses) ? v.statuses : [];
      if (!phoneId) {
        out.unrouted += messages.length + statuses.length;
        continue;
      }
      for (const m of messages) {
        if (typeof m.id !== 'string' || typeof m.from !== 'string') continue;
        const profile = (v.contacts ?? []).find((c) => c.wa_id === m.from)?.profile ?? v.contacts?.[0]?.profile;
        rows.push({
          phoneId,
          kind: 'message',
          eventId: m.id,
          payload: { ...m, ...(profile ? { _profile: profile } : {}) },
          receivedAt: now,
        });
      }
      for (const s of statuses) {
        if (typeof s.id !== 'string' || typeof s.status !== 'string') continue;
        rows.push({ phoneId, kind: 'status', eventId: `${s.id}:${s.status}`, payload: s, receivedAt: now });
      }
    }
  }
  if (rows.length) {
    const res = await ctx.db
      .insert(cloudInbox)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: cloudInbox.id, phoneId: cloudInbox.phoneId });
    out.stored = res.length;
    out.duplicates = rows.length - res.length;
    for (const id of new Set(res.map((r) => r.phoneId))) ctx.bus?.emit('cloudInbox', { phoneId: id });
  }
  return out;
}

/** Meta's webhook field for a number whose quality rating or messaging limit changed. */
const QUALITY_FIELD = 'phone_number_quality_update';

/** The enabled official number a quality update is about: by its business account (the entry) and display number. */
async function qualityPhone(
  ctx: Pick<ServiceCtx, 'db'>,
  wabaId: string | undefined,
  value: WebhookValue | undefined,
): Promise<number | null> {
  const byId = value?.metadata?.phone_number_id;
  if (typeof byId === 'string') return (await cloudPhoneByNumberId(ctx, byId))?.id ?? null;
  const digits = String(value?.display_phone_number ?? '').replace(/\D/g, '');
  if (typeof wabaId !== 'string' || !digits) return null;
  const row = await ctx.db
    .select({ id: phones.id })
    .from(phones)
    .where(
      and(
        eq(phones.engine, 'cloud'),
        eq(phones.enabled, true),
        sql`json_extract(${phones.data}, '$.cloud.waba_id') = ${wabaId}`,
        sql`replace(replace(replace(replace(json_extract(${phones.data}, '$.cloud.display_phone_number'), '+', ''), ' ', ''), '-', ''), '.', '') = ${digits}`,
      ),
    )
    .get();
  return row?.id ?? null;
}

/** A phone's stored deliveries not yet handled, oldest first (the engine's sessions read them). */
export async function pendingCloudEvents(
  ctx: Pick<ServiceCtx, 'db'>,
  phoneId: number,
  limit: number,
): Promise<CloudInboxEvent[]> {
  const rows = await ctx.db
    .select({ id: cloudInbox.id, kind: cloudInbox.kind, payload: cloudInbox.payload })
    .from(cloudInbox)
    .where(and(eq(cloudInbox.phoneId, phoneId), isNull(cloudInbox.doneAt)))
    .orderBy(asc(cloudInbox.id))
    .limit(limit);
  return rows;
}

/** How long a handled delivery is kept: Meta retries a delivery for up to 7 days, and a retry must stay a no-op. */
const CLOUD_INBOX_KEEP_MS = 8 * 24 * 3_600_000;

export async function markCloudEventsDone(
  ctx: Pick<ServiceCtx, 'db' | 'now'>,
  phoneId: number,
  ids: number[],
): Promise<void> {
  if (ids.length)
    await ctx.db
      .update(cloudInbox)
      .set({ doneAt: ctx.now() })
      .where(and(eq(cloudInbox.phoneId, phoneId), inArray(cloudInbox.id, ids)));
  // Now and then, the phone's rows handled longer ago than a retry can come go away.
  if (Math.random() < 0.02)
    await ctx.db
      .delete(cloudInbox)
      .where(and(eq(cloudInbox.phoneId, phoneId), lt(cloudInbox.doneAt, ctx.now() - CLOUD_INBOX_KEEP_MS)));
}
