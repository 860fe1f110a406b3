import { and, eq, isNull } from 'drizzle-orm';
import { passwordResets } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/**
 * Ends every outstanding reset link of a user: a newer link, a finished reset and a password
 * change each leave no older link that could still set the password.
 */
export async function endResetLinks(ctx: ServiceCtx, userId: number): Promise<void> {
  await ctx.db
    .update(passwordResets)
    .set({ usedAt: ctx.now() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
