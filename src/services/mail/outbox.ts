import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { mailOutbox } from '../../../db/schema';
import { claimDue } from '../claim';
import type { ServiceCtx } from '../context';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on cart-recovery mail). */
  headers?: Record<string, string> | null;
}

/** Sends one message over a real transport (SMTP in the Node runtime). */
export interface MailTransport {
  send(from: string, msg: MailMessage): Promise<void>;
}

/**
 * Queues a message. With SMTP configured it waits as 'pending' for the sender loop; without it it is
 * kept as 'local' for the development mailbox.
 */
export async function queueMail(ctx: ServiceCtx, msg: MailMessage): Promise<number> {
  const row = await ctx.db.insert(mailOutbox).values(outboxValues(ctx, msg)).returning({ id: mailOutbox.id }).get();
  return row!.id;
}

/** The outbox row of a message, for callers that insert it in a batch with their own rows. */
export function outboxValues(ctx: ServiceCtx, msg: MailMessage): typeof mailOutbox.$inferInsert {
  const now = ctx.now();
  return { ...msg, status: ctx.config.mailMode === 'smtp' ? 'pending' : 'local', nextAttemptAt: now, createdAt: now };
}

export async function listLocalMail(ctx: ServiceCtx, limit = 50) {
  return ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit).all();
}

export async function getMail(ctx: ServiceCtx, id: number) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
}

/** Retry delays after a failed attempt; after the last one the message is marked failed. */
export const MAIL_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
const LEASE_MS = 60_000;

/**
 * Sends due messages once: claims each with a lease (so a crashed sender's rows come back), sends,
 * records the outcome. Returns how many were attempted.
 */
export async function deliverDueMail(ctx: ServiceCtx, transport: MailTransport, batch = 20): Promise<number> {
  const now = ctx.now();
  const due = await claimDue(ctx.db, mailOutbox, {
    due: and(
      eq(mailOutbox.status, 'pending'),
      lte(mailOutbox.nextAttemptAt, now),
      or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now)),
    ),
    order: 'id',
    limit: batch,
    leaseUntil: now + LEASE_MS,
  });
  let attempted = 0;
  for (const m of due) {
    attempted++;
    try {
      await transport.send(ctx.config.MAIL_FROM, m);
      await ctx.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: ctx.now(), attempts: m.attempts + 1, leaseUntil: null })
        .where(eq(mailOutbox.id, m.id));
    } catch (err) {
      const attempts = m.attempts + 1;
      const delay = MAIL_RETRY_DELAYS_MS[attempts - 1];
      await ctx.db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
          status: delay === undefined ? 'failed' : 'pending',
          nextAttemptAt: ctx.now() + (delay ?? 0),
          leaseUntil: null,
        })
        .where(eq(mailOutbox.id, m.id));
    }
  }
  return attempted;
}
