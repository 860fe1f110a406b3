import type { Agent } from 'node:https';
import makeWASocket, {
  Browsers,
  downloadMediaMessage,
  isJidBroadcast,
  isJidNewsletter,
  type BinaryNode,
  type ConnectionState,
  type WAMessage,
  type WASocket,
  type WAVersion,
} from 'baileys';
import type { Me } from '../types';
import type { StoredAuthState } from './auth-state';
import type { IncomingContext } from './incoming';
import type { LidLookup } from './jid';
import type { BaileysLogger, BaileysLogLevel } from './logger';
import type { MessageStore } from './message-store';
import type { SessionEventRouter } from './session-events';

/** A Baileys session's socket: how it is opened, what it listens to, what its incoming messages need. */

/** How a session connects; the engine fills it from its options (see engine.ts). */
export interface SessionSettings {
  waWebSocketUrl?: string;
  /** The WhatsApp Web version to announce; `old` for phones set to use an older one. */
  version: (old: boolean) => Promise<WAVersion | undefined>;
  browser?: [string, string, string];
  connectTimeoutMs?: number;
  defaultQueryTimeoutMs?: number;
  keepAliveIntervalMs?: number;
  qrTimeoutMs?: number;
  reconnectDelayMs: { first: number; max: number };
  proxyAgent?: (url: string) => Agent;
  logLevel: BaileysLogLevel;
  maxMediaBytes: number;
  messageStoreLimit: number;
}

/** What a socket is opened with besides the settings: the session's stores and this connection's version and proxy. */
export interface SocketParts {
  auth: StoredAuthState;
  logger: BaileysLogger;
  messages: MessageStore;
  router: SessionEventRouter;
  version: WAVersion | undefined;
  agent: Agent | undefined;
}

/** A new socket for the phone. */
export function openSocket(settings: SessionSettings, o: SocketParts): WASocket {
  return makeWASocket({
    auth: o.auth.state,
    logger: o.logger,
    browser: settings.browser ?? Browsers.ubuntu('Chrome'),
    markOnlineOnConnect: false,
    syncFullHistory: false,
    shouldIgnoreJid: (jid) => isJidBroadcast(jid) || isJidNewsletter(jid),
    getMessage: async (key) => (key.id ? ((await o.messages.get(key.id))?.message ?? undefined) : undefined),
    cachedGroupMetadata: async (jid) => o.router.cachedGroup(jid),
    ...(settings.waWebSocketUrl ? { waWebSocketUrl: settings.waWebSocketUrl } : {}),
    ...(o.version ? { version: o.version } : {}),
    ...(settings.connectTimeoutMs ? { connectTimeoutMs: settings.connectTimeoutMs } : {}),
    ...(settings.defaultQueryTimeoutMs ? { defaultQueryTimeoutMs: settings.defaultQueryTimeoutMs } : {}),
    ...(settings.keepAliveIntervalMs ? { keepAliveIntervalMs: settings.keepAliveIntervalMs } : {}),
    ...(settings.qrTimeoutMs ? { qrTimeout: settings.qrTimeoutMs } : {}),
    ...(o.agent ? { agent: o.agent, fetchAgent: o.agent } : {}),
  });
}

/** Runs a handler only while its socket is the session's current one, in the session's queue. */
export type Gate = <A extends unknown[]>(handler: (...args: A) => unknown) => (...args: A) => void;

/** What the session itself does with a socket's events; the rest go to its event router. */
export interface SocketHandlers {
  connection(u: Partial<ConnectionState>): unknown;
  messages(messages: WAMessage[]): unknown;
  /** Whether this session sent the message of that id (its status may come folded into Baileys' echo). */
  sentHere(id: string): boolean;
}

/** Listens to a socket's events (all but creds.update, which the session saves itself). */
export function listen(sock: WASocket, on: Gate, router: SessionEventRouter, h: SocketHandlers): void {
  sock.ev.on(
    'connection.update',
    on((u: Partial<ConnectionState>) => h.connection(u)),
  );
  sock.ev.on(
    'messages.upsert',
    on(({ messages, type }) =>
      type === 'notify' ? h.messages(messages) : router.appended(messages.filter((m) => h.sentHere(m.key.id ?? ''))),
    ),
  );
  sock.ev.on(
    'messages.update',
    on((updates) => router.messageUpdates(updates)),
  );
  sock.ev.on(
    'message-receipt.update',
    on((updates) => router.receipts(updates)),
  );
  sock.ev.on(
    'group-participants.update',
    on((u) => router.participants(u)),
  );
  sock.ev.on(
    'groups.update',
    on((updates) => router.groupUpdates(updates)),
  );
  sock.ev.on(
    'chats.upsert',
    on((chats) => router.chats(chats, [])),
  );
  sock.ev.on(
    'contacts.upsert',
    on((contacts) => router.chats([], contacts)),
  );
  sock.ev.on(
    'messaging-history.set',
    on(({ chats, contacts }) => router.chats(chats, contacts)),
  );
  sock.ws.on(
    'CB:ack,class:message',
    on((node: BinaryNode) => router.serverAck(node)),
  );
}

/** What the session knows when a message arrives, for `toIncoming`. */
export interface IncomingParts {
  me: Me;
  lids: LidLookup | undefined;
  maxMediaBytes: number;
  router: SessionEventRouter;
  messages: MessageStore;
  logger: BaileysLogger;
  log: (msg: string, err: unknown) => void;
}

/** The context to turn a socket's incoming messages into ours (media downloads only with a socket). */
export function incomingContextOf(sock: WASocket | null, o: IncomingParts): IncomingContext {
  return {
    me: o.me,
    lids: o.lids,
    maxMediaBytes: o.maxMediaBytes,
    groupName: (jid) => o.router.groupName(jid, () => sock?.groupMetadata(jid)),
    original: (id) => o.messages.get(id),
    ...(sock
      ? {
          download: (m: WAMessage) =>
            downloadMediaMessage(m, 'buffer', {}, { logger: o.logger, reuploadRequest: sock.updateMediaMessage }).catch(
              (err: unknown) => {
                o.log('could not download the media of a message', err);
                return null;
              },
            ),
        }
      : {}),
  };
}
