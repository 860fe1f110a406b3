import type { GroupInfo } from '../../engines/types';
import { toChatId } from '../messages/chat-id';
import { absoluteUrl, live } from '../phones/live';
import type { PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { GROUPS_PAGE } from '../../shared/message-limits';

/** Which groups a listing asks for: the active ones, those the phone was removed from, or suspended ones. */
export type GroupMode = 'active' | 'removed' | 'suspended';

/** A group as the API answers it: no internal flags, its picture absolute (`origin` as the caller sees this server). */
function groupView(g: GroupInfo, origin: string) {
  const { removed: _r, suspended: _s, ...rest } = g;
  return { ...rest, ...(g.image ? { image: absoluteUrl(origin, g.image) } : {}) };
}

function pick(list: GroupInfo[], mode: GroupMode): GroupInfo[] {
  if (mode === 'removed') return list.filter((g) => g.removed);
  if (mode === 'suspended') return list.filter((g) => g.suspended);
  return list.filter((g) => !g.removed && !g.suspended);
}

/** Creates a group with the phone as its admin; participants are numbers or chat ids. */
export async function createGroup(
  ctx: ServiceCtx,
  phone: PhoneRow,
  input: { name: string; numbers: (string | number)[] },
  origin: string,
) {
  const group = await live(ctx, phone, 'create-group', {
    name: input.name,
    participants: input.numbers.map((n) => toChatId(n, 'numbers')),
  });
  return groupView(group, origin);
}

/** One page of the phone's groups of a mode, optionally sorted by id and with invite links. */
export async function listGroups(
  ctx: ServiceCtx,
  phone: PhoneRow,
  q: { page: number; mode: GroupMode; sort: boolean; invite: boolean },
  origin: string,
) {
  let list = pick(await live(ctx, phone, 'groups', {}), q.mode);
  if (q.sort) list = [...list].sort((a, b) => a.id.localeCompare(b.id));
  const slice = list.slice((q.page - 1) * GROUPS_PAGE, q.page * GROUPS_PAGE);
  const data = q.invite
    ? await Promise.all(slice.map((g) => live(ctx, phone, 'group', { jid: g.id, invite: true })))
    : slice;
  return {
    count: data.length,
    total: list.length,
    limit: GROUPS_PAGE,
    page: q.page,
    data: data.map((g) => groupView(g, origin)),
  };
}

/** One group of the phone, with its invite link when asked. */
export async function getGroup(ctx: ServiceCtx, phone: PhoneRow, jid: string, invite: boolean, origin: string) {
  return groupView(await live(ctx, phone, 'group', { jid, invite }), origin);
}

/** Groups the phone was removed from, or suspended ones, with member counts (groupInfo). */
export async function groupInfo(
  ctx: ServiceCtx,
  phone: PhoneRow,
  q: { action: 'removed' | 'suspended'; page: number; pageLimit: number },
) {
  const list = pick(await live(ctx, phone, 'groups', {}), q.action);
  const slice = list.slice((q.page - 1) * q.pageLimit, q.page * q.pageLimit);
  return {
    total: list.length,
    page: q.page,
    pageLimit: q.pageLimit,
    data: slice.map((g) => ({
      id: g.id,
      name: g.name,
      participants: g.participants,
      admins: g.admins,
      participantCount: g.participants.length,
      adminCount: g.admins.length,
    })),
  };
}
