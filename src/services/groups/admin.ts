import type { GroupConfig } from '../../engines/types';
import { toChatId } from '../messages/chat-id';
import { live } from '../phones/live';
import type { PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/** What an admin may do to participants of a group. */
export type ParticipantAction = 'add' | 'remove' | 'promote' | 'demote';

/** Adds, removes, promotes or demotes participants (numbers or chat ids) of a group. */
export async function changeParticipants(
  ctx: ServiceCtx,
  phone: PhoneRow,
  jid: string,
  action: ParticipantAction,
  numbers: string[],
): Promise<void> {
  await live(ctx, phone, 'group-participants', {
    jid,
    action,
    participants: numbers.map((n) => toChatId(n, 'number')),
  });
}

/** Changes who may edit and send, and disappearing messages; answers the group's whole configuration. */
export async function configureGroup(
  ctx: ServiceCtx,
  phone: PhoneRow,
  jid: string,
  config: Partial<GroupConfig>,
): Promise<GroupConfig> {
  return live(ctx, phone, 'group-config', { jid, config });
}

/** Leaves a group. */
export async function leaveGroup(ctx: ServiceCtx, phone: PhoneRow, jid: string): Promise<void> {
  await live(ctx, phone, 'leave-group', { jid });
}

/** Sets the picture of a group, or of the phone itself without a conversation id (a URL or a data URI). */
export async function setProfileImage(
  ctx: ServiceCtx,
  phone: PhoneRow,
  input: { conversation_id?: string | undefined; image: string },
): Promise<void> {
  const jid = input.conversation_id ? toChatId(input.conversation_id, 'conversation_id') : null;
  await live(ctx, phone, 'set-profile-image', { jid, imageUrl: input.image, allowPrivate: ctx.config.dev });
}
