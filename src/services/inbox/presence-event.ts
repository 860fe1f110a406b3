import type { ServiceCtx } from '../context';
import { recordLiveEvent } from './events';

export type PresenceStatus = 'online' | 'busy' | 'offline';

/** Every inbox of the account hears a holder's new status. */
export async function presenceChanged(
  ctx: ServiceCtx,
  pid: string,
  holder: string,
  email: string,
  status: PresenceStatus,
) {
  const id = holder.startsWith('a:') ? Number(holder.slice(2)) : null;
  await recordLiveEvent(ctx, pid, 'presence', { holder, id, email, status });
}
