import type { UserRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { limitedPasswordCheck } from './password-attempts';
import { verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { setPassword } from './users';

export const CURRENT_PASSWORD_WRONG = 'The current password is wrong.';

/**
 * Changes a user's password once the current one is confirmed (under the login limits, so a stolen
 * session cannot guess it), then ends every session of the user; the caller starts a fresh one for
 * the browser that asked.
 */
export async function changePassword(
  ctx: ServiceCtx,
  user: UserRow,
  current: string,
  next: string,
  address: string,
): Promise<void> {
  const hash = user.passwordHash;
  const confirmed =
    hash !== null && (await limitedPasswordCheck(ctx, user.email, address, () => verifyPassword(current, hash)));
  if (!confirmed) throw new ApiError('FORBIDDEN', CURRENT_PASSWORD_WRONG);
  await setPassword(ctx, user.id, next);
  await deleteUserSessions(ctx, user.id);
}
