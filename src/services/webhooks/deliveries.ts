import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, type WebhookDeliveryRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';

const DELIVERIES_PAGE = 50;

/** A product's deliveries, newest first, with their attempts. */
export async function listDeliveries(
  ctx: ServiceCtx,
  pid: string,
  opts: { page: number; status?: WebhookDeliveryRow['status'] },
) {
  const where = and(
    eq(webhookDeliveries.pid, pid),
    ...(opts.status ? [eq(webhookDeliveries.status, opts.status)] : []),
  );
  const total = (await ctx.db.select({ n: count() }).from(webhookDeliveries).where(where).get())?.n ?? 0;
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_PAGE)
    .offset((opts.page - 1) * DELIVERIES_PAGE)
    .all();
  const attempts = rows.length
    ? await ctx.db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(webhookAttempts.id)
        .all()
    : [];
  return {
    total,
    page: opts.page,
    limit: DELIVERIES_PAGE,
    list: rows.map((r) => ({
      id: r.id,
      event_id: r.eventId,
      phone_id: r.phoneId,
      kind: r.kind,
      url: r.url,
      status: r.status,
      attempts: r.attempts,
      next_attempt_at: r.status === 'pending' ? new Date(r.nextAttemptAt).toISOString() : null,
      last_status: r.lastStatus,
      last_error: r.lastError,
      created_at: new Date(r.createdAt).toISOString(),
      delivered_at: r.deliveredAt ? new Date(r.deliveredAt).toISOString() : null,
      payload: r.payload,
      history: attempts
        .filter((a) => a.deliveryId === r.id)
        .map((a) => ({
          at: new Date(a.at).toISOString(),
          status_code: a.statusCode,
          error: a.error,
          duration_ms: a.durationMs,
          response: a.response,
        })),
    })),
  };
}
