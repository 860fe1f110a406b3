import type { GroupConfig, GroupInfo, Me, SessionEvents } from '../types';
import { EngineError } from '../types';
import type { SimNetwork } from './network';
import { digits, userJid } from './rules';

/** What a simulated session's group operations act with: the network, the session's events, its active login. */
export interface SimGroupSide {
  network: SimNetwork;
  events: SessionEvents;
  me: Me;
}

export async function createGroup(side: SimGroupSide, name: string, participants: string[]): Promise<GroupInfo> {
  const me = side.me;
  const group = await side.network.createGroup(me.number, name, participants);
  await side.events.groupEvent({
    groupId: group.id,
    groupName: name,
    subtype: 'add',
    participants: group.participants.filter((p) => p !== userJid(me.number)),
    by: userJid(me.number),
    time: side.network.now(),
  });
  return group;
}

export async function groups(side: SimGroupSide): Promise<GroupInfo[]> {
  const me = side.me;
  return (await side.network.groupsOf(me.number)).map((g) => side.network.view(g, me.number, false));
}

export async function group(side: SimGroupSide, jid: string, options: { invite?: boolean } = {}): Promise<GroupInfo> {
  const me = side.me;
  const row = await side.network.group(jid);
  if (!row || (!row.participants.includes(me.number) && !row.removed.includes(me.number)))
    throw new EngineError('NOT_FOUND', 'Group not found.');
  return side.network.view(row, me.number, Boolean(options.invite) && row.admins.includes(me.number));
}

export async function groupParticipants(
  side: SimGroupSide,
  jid: string,
  action: 'add' | 'remove' | 'promote' | 'demote',
  participants: string[],
): Promise<void> {
  const me = side.me;
  const row = await side.network.group(jid);
  if (!row || !row.participants.includes(me.number)) throw new EngineError('NOT_FOUND', 'Group not found.');
  if (!row.admins.includes(me.number)) throw new EngineError('INVALID', 'Only group admins can do that.');
  const numbers = participants.map(digits);
  for (const n of numbers) {
    if (action === 'add') {
      if (!side.network.exists(n)) throw new EngineError('NOT_FOUND', `The number ${n} is not on WhatsApp.`);
      if (!row.participants.includes(n)) row.participants.push(n);
      row.removed = row.removed.filter((r) => r !== n);
    } else if (!row.participants.includes(n)) {
      throw new EngineError('NOT_FOUND', `${n} is not a participant of this group.`);
    } else if (action === 'remove') {
      row.participants = row.participants.filter((p) => p !== n);
      row.admins = row.admins.filter((p) => p !== n);
      if (!row.removed.includes(n)) row.removed.push(n);
    } else if (action === 'promote') {
      if (!row.admins.includes(n)) row.admins.push(n);
    } else {
      row.admins = row.admins.filter((p) => p !== n);
    }
  }
  await side.network.saveGroup(row);
  await side.events.groupEvent({
    groupId: jid,
    groupName: row.name,
    subtype: action,
    participants: numbers.map(userJid),
    by: userJid(me.number),
    time: side.network.now(),
  });
}

export async function groupConfig(side: SimGroupSide, jid: string, config: Partial<GroupConfig>): Promise<GroupConfig> {
  const me = side.me;
  const row = await side.network.group(jid);
  if (!row || !row.participants.includes(me.number)) throw new EngineError('NOT_FOUND', 'Group not found.');
  if (!row.admins.includes(me.number) && row.config.edit === 'admins')
    throw new EngineError('INVALID', 'Only group admins can change its settings.');
  row.config = { ...row.config, ...config };
  await side.network.saveGroup(row);
  return row.config;
}

export async function leaveGroup(side: SimGroupSide, jid: string): Promise<void> {
  const me = side.me;
  const row = await side.network.group(jid);
  if (!row || !row.participants.includes(me.number)) throw new EngineError('NOT_FOUND', 'Group not found.');
  row.participants = row.participants.filter((p) => p !== me.number);
  row.admins = row.admins.filter((p) => p !== me.number);
  if (row.admins.length === 0 && row.participants[0]) row.admins.push(row.participants[0]);
  if (!row.removed.includes(me.number)) row.removed.push(me.number);
  await side.network.saveGroup(row);
  await side.events.groupEvent({
    groupId: jid,
    groupName: row.name,
    subtype: 'leave',
    participants: [userJid(me.number)],
    by: userJid(me.number),
    time: side.network.now(),
  });
}
