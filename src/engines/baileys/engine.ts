import type { Agent } from 'node:https';
import { fetchLatestBaileysVersion, type WAVersion } from 'baileys';
import { CAPABILITIES, ENGINE_VERSIONS } from '../capabilities';
import type { AuthStore, Engine, Pacing, SessionEvents, SessionPhone } from '../types';
import type { BaileysLogLevel } from './logger';
import { keptMessage, MESSAGE_STORE_LIMIT } from './message-store';
import { BaileysSession } from './session';

export interface BaileysEngineOptions {
  /** WhatsApp's WebSocket endpoint (default: Baileys' `wss://web.whatsapp.com/ws/chat`); tests use a local fake. */
  waWebSocketUrl?: string;
  /** The WhatsApp Web version announced (default: the one this Baileys release ships with). */
  version?: WAVersion;
  /** The version for phones set to "use old version" (default: `version`). */
  oldVersion?: WAVersion;
  /** Ask for the current WhatsApp Web version once, at the first connect (a request to GitHub). */
  fetchLatestVersion?: boolean;
  /** How the linked device presents itself: [os, browser, os version]. */
  browser?: [string, string, string];
  connectTimeoutMs?: number;
  defaultQueryTimeoutMs?: number;
  keepAliveIntervalMs?: number;
  /** How long each QR code shows (Baileys: 60 s for the first, 20 s for the next ones). */
  qrTimeoutMs?: number;
  /** Backoff between reconnects after a lost connection: doubles from `first` up to `max`. */
  reconnectDelayMs?: { first: number; max: number };
  /** Builds the agent for a phone's proxy URL; without it, phones with a proxy do not connect. */
  proxyAgent?: (url: string) => Agent;
  /** Baileys' own log entries at or above this level go to the session's log (default warn). */
  logLevel?: BaileysLogLevel;
  /** Incoming media larger than this is announced without its bytes (default 64 MB). */
  maxMediaBytes?: number;
  /** Messages kept per phone for retries, quotes and forwards (default 2,000). */
  messageStoreLimit?: number;
  /** Gaps between one phone's sends (default `BAILEYS_PACING`; the entries take it from WA_PACING_MS and WA_SAME_CHAT_GAP_MS). */
  pacing?: Pacing;
}

/** WhatsApp flags numbers that send like machines: 1 to 3 s between sends, 6 s within a chat (the settings' defaults). */
const BAILEYS_PACING: Pacing = { minGapMs: 1_000, maxGapMs: 3_000, sameChatGapMs: 6_000 };

const DEFAULT_RECONNECT_MS = { first: 2_000, max: 60_000 };
const DEFAULT_MAX_MEDIA_BYTES = 64 * 1024 * 1024;

export interface BaileysEngine extends Engine {
  open(phone: SessionPhone, auth: AuthStore, events: SessionEvents): BaileysSession;
}

/** The real WhatsApp engine: one Baileys socket per phone, credentials and recent messages in the AuthStore. */
export function createBaileysEngine(options: BaileysEngineOptions = {}): BaileysEngine {
  let latest: Promise<WAVersion | undefined> | undefined;
  const version = async (old: boolean): Promise<WAVersion | undefined> => {
    if (old && options.oldVersion) return options.oldVersion;
    if (options.version) return options.version;
    if (!options.fetchLatestVersion) return undefined;
    latest ??= fetchLatestBaileysVersion().then((r) => r.version);
    return latest;
  };
  return {
    name: 'baileys',
    capabilities: CAPABILITIES.baileys,
    version: ENGINE_VERSIONS.baileys,
    pacing: options.pacing ?? BAILEYS_PACING,
    // One message a claim: after a crash only a message it kept is known to have gone.
    claimSize: 1,
    // Baileys keeps what it sent (for retry receipts): kept means sent; not kept may still have gone out.
    wasSent: async (waId, auth) => ((await keptMessage(auth, waId)) ? 'sent' : 'unknown'),
    open: (phone, auth, events) =>
      new BaileysSession(phone, auth, events, {
        ...(options.waWebSocketUrl ? { waWebSocketUrl: options.waWebSocketUrl } : {}),
        version,
        ...(options.browser ? { browser: options.browser } : {}),
        ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
        ...(options.defaultQueryTimeoutMs ? { defaultQueryTimeoutMs: options.defaultQueryTimeoutMs } : {}),
        ...(options.keepAliveIntervalMs ? { keepAliveIntervalMs: options.keepAliveIntervalMs } : {}),
        ...(options.qrTimeoutMs ? { qrTimeoutMs: options.qrTimeoutMs } : {}),
        ...(options.proxyAgent ? { proxyAgent: options.proxyAgent } : {}),
        reconnectDelayMs: options.reconnectDelayMs ?? DEFAULT_RECONNECT_MS,
        logLevel: options.logLevel ?? 'warn',
        maxMediaBytes: options.maxMediaBytes ?? DEFAULT_MAX_MEDIA_BYTES,
        messageStoreLimit: options.messageStoreLimit ?? MESSAGE_STORE_LIMIT,
      }),
  };
}
