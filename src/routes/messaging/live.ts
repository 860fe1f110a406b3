import { ApiError } from '../../errors';
import type { AppContext } from '../../env';
import { runCommand } from '../../runner/commands';
import type { PhoneRow } from '../../services/phones/phones';

/** The reference's code for "the instance is not active" (3-developer §8). */
export const W05 = { type: 'error', code: 'W05' } as const;
export const NOT_ACTIVE_MESSAGE = 'The phone is not active. Check its status (it must be linked and connected).';

/** Runs a command on a phone's live session; a phone that is not active answers 409 with code W05. */
export async function live<T>(c: AppContext, phone: PhoneRow, kind: string, args: Record<string, unknown> = {}): Promise<T> {
  if (!phone.enabled || phone.status !== 'active') throw new ApiError('NOT_ACTIVE', NOT_ACTIVE_MESSAGE, { status: phone.enabled ? phone.status : 'disabled' }, { data: W05 });
  try {
    return await runCommand<T>(c.get('ctx'), phone.id, kind, args);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'NOT_ACTIVE') throw new ApiError('NOT_ACTIVE', NOT_ACTIVE_MESSAGE, err.details, { data: W05 });
    throw err;
  }
}
