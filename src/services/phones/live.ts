import { ApiError } from '../../errors';
import { runCommand } from '../commands/commands';
import type { CommandArgs, CommandKind, CommandResult } from '../commands/types';
import type { ServiceCtx } from '../context';
import type { PhoneRow } from '../../../db/schema';

/** The reference's code for "the instance is not active" (3-developer §8). */
const W05 = { type: 'error', code: 'W05' } as const;
const NOT_ACTIVE_MESSAGE = 'The phone is not active. Check its status (it must be linked and connected).';

/** Runs a command on a phone's live session; a phone that is not active answers 409 with code W05. */
export async function live<K extends CommandKind>(
  ctx: ServiceCtx,
  phone: PhoneRow,
  kind: K,
  args: CommandArgs<K>,
): Promise<CommandResult<K>> {
  if (!phone.enabled || phone.status !== 'active')
    throw new ApiError(
      'NOT_ACTIVE',
      NOT_ACTIVE_MESSAGE,
      { status: phone.enabled ? phone.status : 'disabled' },
      { data: W05 },
    );
  try {
    return await runCommand(ctx, phone.id, kind, args);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'NOT_ACTIVE')
      throw new ApiError('NOT_ACTIVE', NOT_ACTIVE_MESSAGE, err.details, { data: W05 });
    throw err;
  }
}

/** Simulator pictures are paths on this server (`origin` is the caller's view of it): answers carry them absolute. */
export function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}
