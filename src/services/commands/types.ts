import type { LoginOutcome } from '../../engines/instagram';
import type { GroupConfig, GroupInfo, IncomingMessage, Me, MsgKey, SimFault } from '../../engines/types';

/** Media as it travels through the commands table: the bytes as base64. */
export type MediaJson = { data: string; mime: string; filename: string };

/** An incoming message as it travels through the commands table. */
type IncomingMessageJson = Omit<IncomingMessage, 'media'> & { media?: MediaJson };

type Ok = { ok: true };
type NoArgs = Record<string, never>;

/**
 * Every command the API (or another runner) can ask of the runner that holds a phone: its arguments
 * and what the runner answers. `runCommand` and the executor are both typed by this map, so a change
 * to one end that the other does not follow fails to compile. Arguments and results are JSON rows.
 */
type Commands = {
  pair: { args: { number: string }; result: { code: string } };
  logout: { args: NoArgs; result: Ok };
  'check-number': { args: { number: string }; result: { exists: boolean; jid: string } };
  'profile-picture': { args: { jid: string }; result: { url: string | null } };
  'create-group': { args: { name: string; participants: string[] }; result: GroupInfo };
  groups: { args: NoArgs; result: GroupInfo[] };
  group: { args: { jid: string; invite?: boolean }; result: GroupInfo };
  'group-participants': {
    args: { jid: string; action: 'add' | 'remove' | 'promote' | 'demote'; participants: string[] };
    result: Ok;
  };
  'group-config': { args: { jid: string; config: Partial<GroupConfig> }; result: GroupConfig };
  'leave-group': { args: { jid: string }; result: Ok };
  /** The picture as a data URI or URL (`imageUrl`) or as bytes (`image`); `jid` null sets the account's own. */
  'set-profile-image': {
    args: { jid: string | null; imageUrl?: string; image?: MediaJson; allowPrivate?: boolean };
    result: Ok;
  };
  catalog: { args: NoArgs; result: Record<string, unknown>[] };
  /** The credentials travel sealed (command-secrets.ts): `sealed` opens to InstagramCredentials. */
  'instagram-login': { args: { sealed: string }; result: LoginOutcome };
  'sim-scan': { args: { qr: string; number?: string }; result: Me };
  'sim-pair': { args: { code: string }; result: Me };
  'sim-incoming': { args: { from: string; message: string }; result: MsgKey };
  'sim-deliver': { args: { message: IncomingMessageJson }; result: Ok };
  'sim-fault': { args: { fault: SimFault }; result: Ok };
};

export type CommandKind = keyof Commands;
export type CommandArgs<K extends CommandKind> = Commands[K]['args'];
export type CommandResult<K extends CommandKind> = Commands[K]['result'];
