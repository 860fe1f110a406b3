import type { Engine, EngineSession, GroupConfig, IncomingMessage, MediaInput } from '../engines/types';
import { EngineError } from '../engines/types';
import { SimSession, type SimFault } from '../engines/simulator/session';
import { base64ToBytes, bytesToBase64 } from '../shared/base64';
import { fetchMedia } from '../jobs/media-fetch';

/** Command kinds the runner serves with a phone's live session. */
export type CommandKind =
  | 'pair'
  | 'logout'
  | 'check-number'
  | 'profile-picture'
  | 'create-group'
  | 'groups'
  | 'group'
  | 'group-participants'
  | 'group-config'
  | 'leave-group'
  | 'set-profile-image'
  | 'catalog'
  | 'sim-scan'
  | 'sim-pair'
  | 'sim-incoming'
  | 'sim-deliver'
  | 'sim-fault';

const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || v === '') throw new EngineError('INVALID', `${name} is required.`);
  return v;
};

function sim(session: EngineSession): SimSession {
  if (!(session instanceof SimSession)) throw new EngineError('UNSUPPORTED', 'This phone does not run on the simulator.');
  return session;
}

/** Media travels through the commands table as base64. */
export function mediaFromJson(v: unknown): MediaInput {
  const m = v as { data?: string; mime?: string; filename?: string } | undefined;
  if (!m?.data || !m.mime) throw new EngineError('INVALID', 'image is required.');
  return { data: base64ToBytes(m.data), mime: m.mime, filename: m.filename ?? 'file' };
}

export function mediaToJson(m: MediaInput): { data: string; mime: string; filename: string } {
  return { data: bytesToBase64(m.data), mime: m.mime, filename: m.filename };
}

const DATA_URI = /^data:([\w.+-]+\/[\w.+-]+);base64,(.+)$/;

/** A picture given as a data URI or a URL (downloaded with the media guard). */
async function imageFrom(src: string, allowPrivate: boolean): Promise<MediaInput> {
  const m = DATA_URI.exec(src);
  if (m) return { data: base64ToBytes(m[2]!), mime: m[1]!, filename: 'image' };
  return fetchMedia(src, { allowPrivate });
}

/** Runs one command against a session; the result is what the API answers with. */
export async function executeCommand(engine: Engine, session: EngineSession, kind: string, args: Record<string, unknown>): Promise<unknown> {
  const needs = (cap: keyof Engine['capabilities']) => {
    if (!engine.capabilities[cap]) throw new EngineError('UNSUPPORTED', `The ${engine.name} engine does not support this.`);
  };
  switch (kind as CommandKind) {
    case 'pair':
      needs('pairingCode');
      return { code: await session.requestPairingCode(str(args.number, 'number')) };
    case 'logout':
      await session.logout();
      return { ok: true };
    case 'check-number':
      needs('numberCheck');
      return session.checkNumber(str(args.number, 'number'));
    case 'profile-picture':
      needs('profilePicture');
      return { url: await session.profilePicture(str(args.jid, 'number')) };
    case 'create-group':
      needs('groups');
      return session.createGroup(str(args.name, 'name'), (args.participants as string[] | undefined) ?? []);
    case 'groups':
      needs('groups');
      return session.groups();
    case 'group':
      needs('groups');
      return session.group(str(args.jid, 'conversation_id'), { invite: Boolean(args.invite) });
    case 'group-participants':
      needs('groups');
      await session.groupParticipants(str(args.jid, 'conversation_id'), args.action as 'add', (args.participants as string[] | undefined) ?? []);
      return { ok: true };
    case 'group-config':
      needs('groups');
      return session.groupConfig(str(args.jid, 'conversation_id'), (args.config as Partial<GroupConfig> | undefined) ?? {});
    case 'leave-group':
      needs('groups');
      await session.leaveGroup(str(args.jid, 'id'));
      return { ok: true };
    case 'set-profile-image': {
      needs('setProfileImage');
      const image = typeof args.imageUrl === 'string' ? await imageFrom(args.imageUrl, Boolean(args.allowPrivate)) : mediaFromJson(args.image);
      await session.setProfileImage(typeof args.jid === 'string' && args.jid ? args.jid : null, image);
      return { ok: true };
    }
    case 'catalog':
      needs('catalog');
      return session.catalog();
    case 'sim-scan':
      return sim(session).simScan(str(args.qr, 'qr'), typeof args.number === 'string' ? args.number : undefined);
    case 'sim-pair':
      return sim(session).simPair(str(args.code, 'code'));
    case 'sim-incoming':
      return (await sim(session).simIncoming(str(args.from, 'from'), str(args.message, 'message'))).key;
    case 'sim-deliver': {
      const m = args.message as IncomingMessage & { media?: unknown };
      await sim(session).receive({ ...m, ...(m.media ? { media: mediaFromJson(m.media) } : {}) } as IncomingMessage);
      return { ok: true };
    }
    case 'sim-fault':
      await sim(session).simFault(str(args.fault, 'fault') as SimFault);
      return { ok: true };
    default:
      throw new EngineError('INVALID', `Unknown command ${kind}.`);
  }
}
