import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { queueMail } from '../mail/outbox';
import { resetPasswordMail } from '../mail/templates';
import { randomToken, sha256Hex } from './crypto';
import { endResetLinks } from './reset-links';
import { deleteUserSessions } from './sessions';
import { findUserByEmail, setPassword } from './users';

export const RESET_SENT_MESSAGE = 'If an account exists for this e-mail, a password reset link has been sent to it.';
const RESET_INVALID_MESSAGE = 'This password reset link is invalid or has already been used.';
const RESET_EXPIRED_MESSAGE = 'This password reset link has expired. Please request a new one.';
export const RESET_DONE_MESSAGE = 'Your password has been changed. Please log in.';

/** Issues a single-use reset token for a registered e-mail (ending older links) and mails the link; unknown e-mails do nothing. */
export async function requestPasswordReset(ctx: ServiceCtx, email: string, baseUrl: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  await endResetLinks(ctx, user.id);
  const token = randomToken(32);
  const now = ctx.now();
  await ctx.db.insert(passwordResets).values({
    id: await sha256Hex(token),
    userId: user.id,
    createdAt: now,
    expiresAt: now + ctx.config.RESET_TOKEN_MINUTES * 60_000,
  });
  const link = `${baseUrl}/verify/resetPassword/${token}`;
  await queueMail(
    ctx,
    resetPasswordMail({ to: user.email, link, minutes: ctx.config.RESET_TOKEN_MINUTES, brand: ctx.config.BRAND }),
  );
}

/** Uses a reset token: sets the password, burns it and every other link of the user, ends every session. */
export async function completePasswordReset(ctx: ServiceCtx, token: string, password: string): Promise<void> {
  const id = await sha256Hex(token);
  const now = ctx.now();
  const row = await ctx.db.select().from(passwordResets).where(eq(passwordResets.id, id)).get();
  if (!row || row.usedAt !== null) throw new ApiError('BAD_REQUEST', RESET_INVALID_MESSAGE);
  if (row.expiresAt <= now) throw new ApiError('GONE', RESET_EXPIRED_MESSAGE);
  const claimed = await ctx.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ id: passwordResets.id })
    .get();
  if (!claimed) throw new ApiError('BAD_REQUEST', RESET_INVALID_MESSAGE);
  await setPassword(ctx, row.userId, password);
  await deleteUserSessions(ctx, row.userId);
}
