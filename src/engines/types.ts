/**
 * The WhatsApp engine port. Two adapters implement it: the simulator (the embedded default, a fake
 * WhatsApp network in process) and Baileys (the real WhatsApp Web protocol). The phone runner opens
 * one session per phone it holds a lease on and turns the session's events into rows.
 *
 * JIDs use the messaging API's spelling: `905301234567@c.us` for people, `<id>@g.us` for groups.
 */

import type { EngineCapabilities, EngineName } from '../shared/engines';

export type { EngineCapabilities, EngineName };

/** The linked account. */
export interface Me {
  /** Digits only, country code first: `905301234567`. */
  number: string;
  name: string;
}

/**
 * Where a session stands. The runner maps these to the console's phone statuses
 * (2-phones §4.1) and to the status call's flags.
 */
export type SessionState =
  | { kind: 'starting' }
  | { kind: 'qr'; qr: string }
  | { kind: 'pairing'; code: string }
  | { kind: 'connecting' }
  | { kind: 'active'; me: Me }
  | { kind: 'conn-retry'; message?: string }
  | { kind: 'phone-error'; message: string }
  | { kind: 'idle' }
  | { kind: 'logged-out'; reason: string }
  | { kind: 'banned'; message: string }
  /** Instagram: the account waits for a username and password login. */
  | { kind: 'login-required' }
  /** Instagram: logged in, but Instagram reports a problem with the account. */
  | { kind: 'account-error'; message: string };

/** A reference to a message WhatsApp knows: its key. */
export interface MsgKey {
  /** WhatsApp's message id (e.g. `3EB0A81ECEA6D47F2F13`). */
  id: string;
  chatId: string;
  fromMe: boolean;
  /** The author inside a group. */
  participant?: string;
}

export interface MediaInput {
  data: Uint8Array;
  mime: string;
  filename: string;
}

/** A message to send, already validated and with media fetched. */
export type OutgoingContent =
  | { type: 'text'; text: string; mentions?: string[] }
  /** `link`: the public URL the media came from, for engines that send by link (the Cloud API). */
  | { type: 'media'; media: MediaInput; caption?: string; link?: string }
  | { type: 'vcard'; contacts: { displayName: string; vcard: string }[] }
  | { type: 'contact'; jid: string; displayName: string; vcard: string }
  | { type: 'forward'; message: StoredMessage; withCaption: boolean }
  | { type: 'delete'; target: MsgKey }
  | { type: 'reaction'; emoji: string; target: MsgKey }
  | { type: 'edit'; text: string; target: MsgKey }
  | { type: 'location'; latitude: number; longitude: number; name?: string }
  | { type: 'link'; url: string; text?: string }
  | { type: 'product'; productId: string; businessJid?: string }
  | { type: 'buttons'; text: string; buttons: { id: string; text: string }[]; title?: string; footer?: string }
  | { type: 'poll'; name: string; options: string[]; selectableCount: number }
  /** An interactive list (official numbers). */
  | {
      type: 'list';
      text: string;
      button: string;
      sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[];
      title?: string;
      footer?: string;
    }
  /** An approved template (official numbers): Meta's template object, language as `{ code }`. */
  | {
      type: 'template';
      name: string;
      language: { code: string; policy?: string };
      components?: Record<string, unknown>[];
    };

export interface SendOptions {
  /** The WhatsApp message id to use, chosen before sending so a retry can be recognised. */
  waId: string;
  /** A message to quote (reply). */
  quoted?: StoredMessage;
}

/** A message as we keep it: enough to quote or forward it later. */
export interface StoredMessage {
  key: MsgKey;
  /** The message in the API's shape (message-data in the reference). */
  message: IncomingMessageData;
  timestamp: number;
}

/** The message part of incoming webhooks (message-data: text, media, location, vcard, info...). */
export interface IncomingMessageData {
  id: string;
  type: string;
  text?: string;
  fromMe: boolean;
  url?: string;
  caption?: string;
  filename?: string;
  mime?: string;
  payload?: string;
  mentions?: string[];
  vcardList?: { displayName: string; vcard: string }[];
  subtype?: string;
  participant?: string;
  [key: string]: unknown;
}

export interface IncomingMessage {
  key: MsgKey;
  message: IncomingMessageData;
  /** The sender (in a group, the participant). */
  from: { jid: string; name: string; number: string };
  /** Group or chat display name when known. */
  chatName?: string;
  timestamp: number;
  quoted?: StoredMessage & { from?: { jid: string; name: string; number: string } };
  /** Media bytes, when the message carries media the engine downloaded. */
  media?: MediaInput;
}

export type AckCode = 1 | 2 | 3 | 4 | 5;

export interface Ack {
  waId: string;
  chatId: string;
  ack: AckCode;
  time: number;
}

export type GroupSubtype = 'add' | 'remove' | 'promote' | 'demote' | 'invite' | 'leave' | 'name';

export interface GroupEvent {
  groupId: string;
  groupName?: string;
  subtype: GroupSubtype;
  participants: string[];
  by?: string;
  time: number;
}

export interface GroupConfig {
  edit: 'admins' | 'all';
  send: 'admins' | 'all';
  disappear: boolean;
}

export interface GroupInfo {
  id: string;
  name: string;
  participants: string[];
  admins: string[];
  image?: string;
  config: GroupConfig;
  invite?: string;
  /** The linked account was removed from it / WhatsApp suspended it. */
  removed?: boolean;
  suspended?: boolean;
}

export interface ChatSummary {
  id: string;
  name: string;
  type: 'chat' | 'group' | 'broadcast';
}

/** What a session tells the runner. Every callback may be async; the runner awaits it. */
export interface SessionEvents {
  state(state: SessionState): void | Promise<void>;
  message(message: IncomingMessage): void | Promise<void>;
  ack(ack: Ack): void | Promise<void>;
  groupEvent(event: GroupEvent): void | Promise<void>;
  /**
   * The network gave up on a message it had taken (the Cloud API's `failed` status, e.g. outside the
   * 24-hour window): the message ends failed with this reason. `waId` is ours (SendOptions.waId).
   */
  failed?(failure: { waId: string; chatId: string; reason: string; time: number }): void | Promise<void>;
  /** Chats and contacts the engine learned of (history sync, contact updates). */
  chats?(chats: ChatSummary[]): void | Promise<void>;
  log?(entry: { level: 'debug' | 'info' | 'warn' | 'error'; msg: string; [key: string]: unknown }): void;
}

/**
 * Durable key-value storage of a session's credentials (Baileys' auth state, the simulator's link),
 * kept in the database so a restart or another runner resumes without a new scan.
 */
export interface AuthStore {
  get(key: string): Promise<string | null>;
  getMany(keys: string[]): Promise<Record<string, string | null>>;
  /** Writes and deletes (null) in one transaction. */
  set(entries: Record<string, string | null>): Promise<void>;
  clear(): Promise<void>;
}

/** What a session needs to know about its phone. */
export interface SessionPhone {
  id: number;
  /** The number the customer gave, if any. */
  number: string | null;
  proxy: string | null;
  /** Prefer an older protocol/web version (the console's "use old version"). */
  useOldVersion: boolean;
}

export interface EngineSession {
  /** Connects: resumes with stored credentials or shows a QR. Resolves once started, not once linked. */
  start(): Promise<void>;
  /** Disconnects, keeping credentials. */
  stop(): Promise<void>;
  /** Unlinks the device and clears credentials; the session then shows a new QR. */
  logout(): Promise<void>;
  /** Starts phone-number linking; resolves to the code the user types on the phone. */
  requestPairingCode(number: string): Promise<string>;
  /** Sends one message; resolves once WhatsApp (or the simulated network) accepted it. */
  send(
    to: string,
    content: OutgoingContent,
    options: SendOptions,
  ): Promise<{ waId: string; chatId: string; timestamp: number }>;
  /** Whether a number has WhatsApp, and its JID. */
  checkNumber(number: string): Promise<{ exists: boolean; jid: string }>;
  profilePicture(jid: string): Promise<string | null>;
  createGroup(name: string, participants: string[]): Promise<GroupInfo>;
  groups(): Promise<GroupInfo[]>;
  group(jid: string, options?: { invite?: boolean }): Promise<GroupInfo>;
  groupParticipants(
    jid: string,
    action: 'add' | 'remove' | 'promote' | 'demote',
    participants: string[],
  ): Promise<void>;
  groupConfig(jid: string, config: Partial<GroupConfig>): Promise<GroupConfig>;
  leaveGroup(jid: string): Promise<void>;
  /** Sets the profile picture of a group, or of the linked account when `jid` is null. */
  setProfileImage(jid: string | null, image: MediaInput): Promise<void>;
  /** Catalog products of the linked business account. */
  catalog(): Promise<Record<string, unknown>[]>;
  /**
   * Messages a second the number may send now, where the network sets it (an official number's
   * tier): read by the sender of an engine with `concurrentSends`. Absent: the engine's default.
   */
  sendRate?(): number;
}

export type SimFault = 'disconnect' | 'phone-error' | 'ban' | 'idle';

/** What the simulator's sessions do besides the port: the controls behind `/api/sim/*` and deliveries between runners. */
export interface SimControls {
  /** Links the phone when `qr` is the one showing now. */
  simScan(qr: string, number?: string): Promise<Me>;
  /** Links the phone when `code` is the pairing code it shows. */
  simPair(code: string): Promise<Me>;
  /** A simulated number writes to this phone. */
  simIncoming(from: string, text: string): Promise<IncomingMessage>;
  simFault(fault: SimFault): Promise<void>;
  /** Delivery from another of our simulated phones. */
  receive(message: IncomingMessage): Promise<void>;
}

/** Whether a session carries the simulator's controls (the `sim-*` commands need one). */
export function hasSimControls(session: EngineSession): session is EngineSession & SimControls {
  return typeof (session as Partial<SimControls>).simFault === 'function';
}

/** Gaps between one phone's sends: real WhatsApp flags numbers that send like machines. */
export interface Pacing {
  minGapMs: number;
  maxGapMs: number;
  /** At least this long between two messages to the same chat. */
  sameChatGapMs: number;
}

export const NO_PACING: Pacing = { minGapMs: 0, maxGapMs: 0, sameChatGapMs: 0 };

/** What an engine can tell about a message whose sending was interrupted (a crash, a lost lease). */
export type SentCheck = 'sent' | 'not-sent' | 'unknown';

/**
 * How the runner drives an engine's sessions, as the engine describes itself: the runner reads these
 * and never names an engine.
 */
export interface EngineDescriptor {
  readonly name: EngineName;
  readonly capabilities: EngineCapabilities;
  /** The version string the status call reports for its phones. */
  readonly version: string;
  /** Gaps between one phone's sends (`NO_PACING`: as fast as the queue goes). */
  readonly pacing: Pacing;
  /**
   * How many messages one claim may take when unpaced. More than 1 only where `wasSent` never
   * answers 'unknown': claimed rows a crash interrupts are failed when it cannot tell.
   */
  readonly claimSize: number;
  /**
   * Several sends in flight per phone (one per chat), paced to the session's `sendRate` with a
   * back-off when the network says too fast: official numbers. Absent: one message at a time.
   */
  readonly concurrentSends?: boolean;
  /**
   * Crash recovery: whether the network took a message whose sending was interrupted, asked with the
   * phone's stored credentials. 'sent' settles the row, 'not-sent' queues it again, 'unknown' (and an
   * engine without this) fails it, since WhatsApp may or may not have it.
   */
  wasSent?(waId: string, auth: AuthStore): Promise<SentCheck>;
}

export interface Engine extends EngineDescriptor {
  open(phone: SessionPhone, auth: AuthStore, events: SessionEvents): EngineSession;
}

/** Thrown by sessions for a request the engine cannot serve; the API turns it into a 4xx. */
export class EngineError extends Error {
  constructor(
    readonly code:
      'NOT_CONNECTED' | 'UNSUPPORTED' | 'NOT_FOUND' | 'INVALID' | 'CONFLICT' | 'RATE_LIMITED' | 'TRANSIENT',
    message: string,
    /** What a RATE_LIMITED is about: the whole number (default) or this chat only (Meta's pair rate, 131056). */
    readonly scope: 'phone' | 'chat' = 'phone',
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
