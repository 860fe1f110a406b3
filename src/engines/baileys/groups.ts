import type { GroupMetadata, WASocket } from 'baileys';
import { EngineError, type GroupConfig, type GroupInfo } from '../types';
import { rethrow } from './errors';
import { digits, personJid, toWaJid, type LidLookup } from './jid';

/** A week: WhatsApp's usual disappearing-messages time, used when the API turns it on. */
const DISAPPEAR_SECONDS = 7 * 24 * 60 * 60;
const INVITE_PREFIX = 'https://chat.whatsapp.com/';

type GroupSocket = Pick<
  WASocket,
  'groupParticipantsUpdate' | 'groupSettingUpdate' | 'groupToggleEphemeral' | 'groupMetadata' | 'groupInviteCode'
>;

/** WhatsApp's group flags as the API's group config. */
function groupConfigOf(meta: Pick<GroupMetadata, 'restrict' | 'announce' | 'ephemeralDuration'>): GroupConfig {
  return {
    edit: meta.restrict ? 'admins' : 'all',
    send: meta.announce ? 'admins' : 'all',
    disappear: (meta.ephemeralDuration ?? 0) > 0,
  };
}

/** Group metadata as the API shows it; participants by phone number where WhatsApp tells it (LID groups). */
export async function groupInfoOf(meta: GroupMetadata, lids?: LidLookup): Promise<GroupInfo> {
  const people = await Promise.all(
    meta.participants.map(async (p) => ({ jid: await personJid(p.id, p.phoneNumber, lids), admin: Boolean(p.admin) })),
  );
  return {
    id: meta.id,
    name: meta.subject,
    participants: people.map((p) => p.jid),
    admins: people.filter((p) => p.admin).map((p) => p.jid),
    config: groupConfigOf(meta),
  };
}

/** Whether the linked account (`number`) is an admin of the group. */
export function isAdmin(info: GroupInfo, number: string): boolean {
  return info.admins.some((a) => digits(a) === number);
}

/** The group's invite link (admins only). */
export async function inviteLink(sock: GroupSocket, jid: string): Promise<string | undefined> {
  const code = await sock.groupInviteCode(jid).catch(rethrow);
  return code ? `${INVITE_PREFIX}${code}` : undefined;
}

/** Adds, removes, promotes or demotes; fails only when WhatsApp refused every one of them. */
export async function changeParticipants(
  sock: GroupSocket,
  jid: string,
  action: 'add' | 'remove' | 'promote' | 'demote',
  participants: string[],
): Promise<void> {
  const results = await sock.groupParticipantsUpdate(jid, participants.map(toWaJid), action).catch(rethrow);
  const refused = results.filter((r) => r.status !== '200');
  if (results.length && refused.length === results.length) {
    throw new EngineError(
      'INVALID',
      `WhatsApp refused to ${action} ${refused.map((r) => `${digits(r.jid ?? '')} (${r.status})`).join(', ')}.`,
    );
  }
}

/** Who may send (announcement), who may edit (locked) and disappearing messages; answers the config WhatsApp now has. */
export async function changeGroupConfig(
  sock: GroupSocket,
  jid: string,
  config: Partial<GroupConfig>,
): Promise<GroupConfig> {
  if (config.send)
    await sock.groupSettingUpdate(jid, config.send === 'admins' ? 'announcement' : 'not_announcement').catch(rethrow);
  if (config.edit) await sock.groupSettingUpdate(jid, config.edit === 'admins' ? 'locked' : 'unlocked').catch(rethrow);
  if (config.disappear !== undefined)
    await sock.groupToggleEphemeral(jid, config.disappear ? DISAPPEAR_SECONDS : 0).catch(rethrow);
  return groupConfigOf(await sock.groupMetadata(jid).catch(rethrow));
}
