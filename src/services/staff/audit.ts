import { count, desc, eq } from 'drizzle-orm';
import { staffAudit, type UserRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/** Who acted in the back-office: the signed-in user, or null for an anonymous caller. */
export type Actor = Pick<UserRow, 'id' | 'email'> | null;

/** Writes one audit entry: a change staff made, or a refused admin call (`denied`). */
export async function recordAudit(
  ctx: ServiceCtx,
  actor: Actor,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await ctx.db
    .insert(staffAudit)
    .values({ at: ctx.now(), staffUid: actor?.id ?? null, staffEmail: actor?.email ?? '', action, target, detail });
}

/** A page of the audit log, newest first, optionally one action only. */
export async function listAudit(ctx: ServiceCtx, q: { page: number; limit: number; action?: string }) {
  const where = q.action ? eq(staffAudit.action, q.action) : undefined;
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(staffAudit)
      .where(where)
      .orderBy(desc(staffAudit.at), desc(staffAudit.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    ctx.db.select({ n: count() }).from(staffAudit).where(where).get(),
  ]);
  return {
    result: rows.map((r) => ({
      id: r.id,
      date: new Date(r.at).toISOString(),
      staff_uid: r.staffUid,
      staff_email: r.staffEmail,
      action: r.action,
      target: r.target,
      detail: r.detail,
    })),
    total: total?.n ?? 0,
  };
}
