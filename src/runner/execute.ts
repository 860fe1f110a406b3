import type { Engine, EngineSession, MediaInput, SimControls, SimFault } from '../engines/types';
import { EngineError, hasSimControls } from '../engines/types';
import { isInstagramSession, type InstagramCredentials } from '../engines/instagram';
import { base64ToBytes, bytesToBase64 } from '../shared/base64';
import type { FetchMedia } from '../services/media/port';
import type { CommandArgs, CommandKind, CommandResult, MediaJson } from '../services/commands/types';

/** What a command acts on: the phone's live session and the engine that opened it. */
interface Live {
  engine: Engine;
  session: EngineSession;
  /** Opens the command's sealed secret part (command-secrets.ts); absent where no secrets key is set. */
  unseal?: (sealed: string) => Promise<unknown>;
  /** Downloads a picture given by URL; absent where the process wired no media downloads. */
  fetchMedia?: FetchMedia;
}

type Handler<K extends CommandKind> = (args: CommandArgs<K>, live: Live) => Promise<CommandResult<K>>;

const OK = { ok: true } as const;

// Arguments arrive as a JSON row: the map types them, and the handlers still check the values a
// caller's input decides, so a malformed row fails with a clear message instead of deep in an engine.
const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || v === '') throw new EngineError('INVALID', `${name} is required.`);
  return v;
};

function needs(live: Live, cap: keyof Engine['capabilities']): void {
  if (!live.engine.capabilities[cap])
    throw new EngineError('UNSUPPORTED', `The ${live.engine.name} engine does not support this.`);
}

function sim(live: Live): SimControls {
  // The simulator's sessions carry its controls; no other engine's do.
  if (!hasSimControls(live.session)) throw new EngineError('UNSUPPORTED', 'This phone does not run on the simulator.');
  return live.session;
}

/** A command's sealed secret part, opened with the server's key. */
async function opened(live: Live, sealed: unknown): Promise<unknown> {
  if (!live.unseal)
    throw new EngineError('UNSUPPORTED', 'This runner has no secrets key (SECRETS_KEY) to open the command with.');
  try {
    return await live.unseal(str(sealed, 'sealed'));
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError(
      'INVALID',
      "The command's credentials could not be opened: SECRETS_KEY differs between the server and the runner.",
    );
  }
}

/** Media travels through the commands table as base64. */
function mediaFromJson(m: Partial<MediaJson> | undefined): MediaInput {
  if (!m?.data || !m.mime) throw new EngineError('INVALID', 'image is required.');
  return { data: base64ToBytes(m.data), mime: m.mime, filename: m.filename ?? 'file' };
}

/** The base64 form of media for the commands table. */
export function mediaToJson(m: MediaInput): MediaJson {
  return { data: bytesToBase64(m.data), mime: m.mime, filename: m.filename };
}

const DATA_URI = /^data:([\w.+-]+\/[\w.+-]+);base64,(.+)$/;

/** A picture given as a data URI or a URL (downloaded with the media guard). */
async function imageFrom(src: string, allowPrivate: boolean, live: Live): Promise<MediaInput> {
  const m = DATA_URI.exec(src);
  if (m) return { data: base64ToBytes(m[2]!), mime: m[1]!, filename: 'image' };
  if (!live.fetchMedia) throw new EngineError('UNSUPPORTED', 'This process does not download media.');
  return live.fetchMedia(src, { allowPrivate });
}

/** One handler per command of the map: a command added there and not here fails to compile. */
const HANDLERS: { [K in CommandKind]: Handler<K> } = {
  pair: async (args, live) => {
    needs(live, 'pairingCode');
    return { code: await live.session.requestPairingCode(str(args.number, 'number')) };
  },
  logout: async (_args, live) => {
    await live.session.logout();
    return OK;
  },
  'check-number': async (args, live) => {
    needs(live, 'numberCheck');
    return live.session.checkNumber(str(args.number, 'number'));
  },
  'profile-picture': async (args, live) => {
    needs(live, 'profilePicture');
    return { url: await live.session.profilePicture(str(args.jid, 'number')) };
  },
  'create-group': async (args, live) => {
    needs(live, 'groups');
    return live.session.createGroup(str(args.name, 'name'), args.participants ?? []);
  },
  groups: async (_args, live) => {
    needs(live, 'groups');
    return live.session.groups();
  },
  group: async (args, live) => {
    needs(live, 'groups');
    return live.session.group(str(args.jid, 'conversation_id'), { invite: Boolean(args.invite) });
  },
  'group-participants': async (args, live) => {
    needs(live, 'groups');
    await live.session.groupParticipants(str(args.jid, 'conversation_id'), args.action, args.participants ?? []);
    return OK;
  },
  'group-config': async (args, live) => {
    needs(live, 'groups');
    return live.session.groupConfig(str(args.jid, 'conversation_id'), args.config ?? {});
  },
  'leave-group': async (args, live) => {
    needs(live, 'groups');
    await live.session.leaveGroup(str(args.jid, 'id'));
    return OK;
  },
  'set-profile-image': async (args, live) => {
    needs(live, 'setProfileImage');
    const image =
      typeof args.imageUrl === 'string'
        ? await imageFrom(args.imageUrl, Boolean(args.allowPrivate), live)
        : mediaFromJson(args.image);
    await live.session.setProfileImage(args.jid || null, image);
    return OK;
  },
  catalog: async (_args, live) => {
    needs(live, 'catalog');
    return live.session.catalog();
  },
  'instagram-login': async (args, live) => {
    if (!isInstagramSession(live.session))
      throw new EngineError('UNSUPPORTED', 'This phone is not an Instagram account.');
    const creds = (await opened(live, args.sealed)) as Partial<InstagramCredentials>;
    return live.session.login({
      username: str(creds.username, 'username'),
      password: str(creds.password, 'password'),
      ...(typeof creds.code === 'string' && creds.code ? { code: creds.code } : {}),
    });
  },
  'sim-scan': async (args, live) =>
    sim(live).simScan(str(args.qr, 'qr'), typeof args.number === 'string' ? args.number : undefined),
  'sim-pair': async (args, live) => sim(live).simPair(str(args.code, 'code')),
  'sim-incoming': async (args, live) =>
    (await sim(live).simIncoming(str(args.from, 'from'), str(args.message, 'message'))).key,
  'sim-deliver': async (args, live) => {
    const { media, ...message } = args.message;
    await sim(live).receive({ ...message, ...(media ? { media: mediaFromJson(media) } : {}) });
    return OK;
  },
  'sim-fault': async (args, live) => {
    await sim(live).simFault(str(args.fault, 'fault') as SimFault);
    return OK;
  },
};

/** Whether a stored command's kind is one this runner serves. */
export function isCommandKind(kind: string): kind is CommandKind {
  return Object.hasOwn(HANDLERS, kind);
}

function run<K extends CommandKind>(kind: K, args: CommandArgs<K>, live: Live): Promise<CommandResult<K>> {
  return HANDLERS[kind](args, live);
}

/** Runs one stored command against a session; the result is what the API answers with. */
export async function executeCommand(
  engine: Engine,
  session: EngineSession,
  kind: string,
  args: Record<string, unknown>,
  unseal?: (kind: CommandKind, sealed: string) => Promise<unknown>,
  fetchMedia?: FetchMedia,
): Promise<unknown> {
  if (!isCommandKind(kind)) throw new EngineError('INVALID', `Unknown command ${kind}.`);
  return run(kind, args as CommandArgs<typeof kind>, {
    engine,
    session,
    ...(unseal ? { unseal: (sealed: string) => unseal(kind, sealed) } : {}),
    ...(fetchMedia ? { fetchMedia } : {}),
  });
}
