import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { StaffLevel } from '../../shared/staff';
import type { ServiceCtx } from '../context';
import { recordAudit, type Actor } from './audit';

/** What `grant` accepts: a staff level or `none` for an ordinary customer. */
export type Grant = StaffLevel | 'none';

/**
 * Sets a user's staff role (admin or limited agent, or back to customer). Only an admin or the
 * command line (`npm run admin -- grant`) reaches this; the user's own settings calls never do.
 */
export async function grantStaff(ctx: ServiceCtx, actor: Actor, email: string, grant: Grant): Promise<void> {
  const role = grant === 'none' ? 'customer' : grant;
  const done = await ctx.db
    .update(users)
    .set({ role, updatedAt: ctx.now() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id })
    .all();
  if (!done.length) throw new ApiError('NOT_FOUND', 'No User');
  await recordAudit(ctx, actor, 'grant', email, { role });
}
