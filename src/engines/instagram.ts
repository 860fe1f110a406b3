/**
 * The Instagram engine port. An Instagram account is a row of `phones` with `type: "instagram"`; the
 * phone runner hosts its session like a WhatsApp phone's, so direct messages go through the same send
 * queue, message store and webhooks. A session is an `EngineSession` whose WhatsApp-only calls answer
 * UNSUPPORTED (extend `InstagramSessionBase`), plus a username and password login that may ask for a
 * two-factor code. The simulator (`simulator/instagram.ts`) implements it; a real adapter would too.
 *
 * Chats keep the messaging API's spelling: `<instagram user id>@c.us`.
 */
import type {
  Engine,
  EngineCapabilities,
  EngineSession,
  GroupConfig,
  GroupInfo,
  MediaInput,
  OutgoingContent,
  SendOptions,
} from './types';
import { EngineError } from './types';

/** What an Instagram account sends: direct messages of text and media. */
export const INSTAGRAM_CAPABILITIES: EngineCapabilities = {
  qr: false,
  pairingCode: false,
  text: true,
  media: true,
  vcard: false,
  contact: false,
  forward: false,
  delete: false,
  reaction: false,
  edit: false,
  location: false,
  link: false,
  product: false,
  buttons: false,
  poll: false,
  groups: false,
  profilePicture: false,
  setProfileImage: false,
  numberCheck: false,
  catalog: false,
  template: false,
  list: false,
};

/** A type (not an interface) so it travels as a JSON row in the commands table. */
export type InstagramCredentials = {
  username: string;
  password: string;
  /** The two-factor code, once the account asked for one. */
  code?: string;
};

/** How a login attempt ended: logged in, a two-factor code is needed, or Instagram's refusal. */
export type LoginOutcome =
  { ok: true; username: string } | { ok: false; codeRequired: true } | { ok: false; error: string };

/** An Instagram session: the WhatsApp session calls it can serve, and login. */
export interface InstagramSession extends EngineSession {
  /** Logs in; on success the session reports `active` with the username as its number before resolving. */
  login(credentials: InstagramCredentials): Promise<LoginOutcome>;
}

/** An engine whose sessions are Instagram accounts. */
export interface InstagramEngine extends Engine {
  readonly platform: 'instagram';
}

/** Whether a hosted session is an Instagram account's (the login command needs one). */
export function isInstagramSession(session: EngineSession): session is InstagramSession {
  return typeof (session as Partial<InstagramSession>).login === 'function';
}

const unsupported = (): never => {
  throw new EngineError('UNSUPPORTED', 'Instagram accounts do not support this.');
};

/** The WhatsApp-only calls every Instagram session refuses, so adapters implement only what Instagram has. */
export abstract class InstagramSessionBase implements InstagramSession {
  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;
  abstract logout(): Promise<void>;
  abstract login(credentials: InstagramCredentials): Promise<LoginOutcome>;
  abstract send(
    to: string,
    content: OutgoingContent,
    options: SendOptions,
  ): Promise<{ waId: string; chatId: string; timestamp: number }>;

  async requestPairingCode(_number: string): Promise<string> {
    return unsupported();
  }
  async checkNumber(_number: string): Promise<{ exists: boolean; jid: string }> {
    return unsupported();
  }
  async profilePicture(_jid: string): Promise<string | null> {
    return unsupported();
  }
  async createGroup(_name: string, _participants: string[]): Promise<GroupInfo> {
    return unsupported();
  }
  async groups(): Promise<GroupInfo[]> {
    return unsupported();
  }
  async group(_jid: string): Promise<GroupInfo> {
    return unsupported();
  }
  async groupParticipants(): Promise<void> {
    return unsupported();
  }
  async groupConfig(_jid: string, _config: Partial<GroupConfig>): Promise<GroupConfig> {
    return unsupported();
  }
  async leaveGroup(_jid: string): Promise<void> {
    return unsupported();
  }
  async setProfileImage(_jid: string | null, _image: MediaInput): Promise<void> {
    return unsupported();
  }
  async catalog(): Promise<Record<string, unknown>[]> {
    return unsupported();
  }
}
