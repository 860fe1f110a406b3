/**
 * A session of an official number: no socket to keep, only the Graph API over `fetch`. It reports
 * `active` once its credentials open, sends each message with `POST /{phone_number_id}/messages`, and
 * turns the webhook deliveries stored for its phone (the `cloud_inbox` rows) into messages and acks,
 * in the order they arrived.
 *
 * Meta's ids (wamid…) are kept beside ours in the phone's auth store: `wamid:<our id>` → wamid and
 * `ours:<wamid>` → our id, so acks, replies and reactions find each other.
 */
import {
  EngineError,
  type AuthStore,
  type EngineSession,
  type GroupConfig,
  type GroupInfo,
  type MediaInput,
  type OutgoingContent,
  type SendOptions,
  type SessionEvents,
  type SessionPhone,
} from '../types';
import { graph, graphBytes, GraphError, isRateLimit, PAIR_RATE_CODE, type GraphOptions } from './graph';
import { CloudTier, TIER_RATE_KEY } from './tier';
import { failureReason, inboundMedia, STATUS_ACKS, toIncoming, type CloudInbound, type CloudStatus } from './incoming';
import { cloudMediaType, cloudMessageBody, cloudRecipient, type CloudMediaRef } from './outgoing';

/** An official number's account, its token opened. */
export interface CloudAccount {
  phoneNumberId: string;
  wabaId: string;
  token: string;
  /** Digits of the display number. */
  number: string;
  name: string;
}

/** A stored webhook event of the phone (`cloud_inbox`). */
export interface CloudInboxEvent {
  id: number;
  /** `quality`: Meta said the number changed (`phone_number_quality_update`): its tier is read again. */
  kind: 'message' | 'status' | 'quality';
  payload: Record<string, unknown>;
}

/** What the engine is given by its wiring: the Graph API, the accounts and the stored deliveries. */
export interface CloudEngineDeps {
  graph: GraphOptions;
  account(phoneId: number): Promise<CloudAccount | null>;
  pending(phoneId: number, limit: number): Promise<CloudInboxEvent[]>;
  done(phoneId: number, ids: number[]): Promise<void>;
  /** Calls `wake` when deliveries for the phone were stored in this process; answers the unsubscribe. */
  subscribe?(phoneId: number, wake: () => void): () => void;
  /** How often a session looks for stored deliveries (default 500 ms). */
  pollMs?: number;
  /** Largest inbound media to download (bytes). */
  mediaMaxBytes?: number;
}

const TOKEN_REFUSED = 'Meta refused the access token (expired or revoked): add the number again with a new token.';

/** How many times a stored delivery is tried before it is dropped. */
const MAX_TRIES = 5;

const unsupported = (what: string): never => {
  throw new EngineError('UNSUPPORTED', `Official numbers (Cloud API) have no ${what}.`);
};

/** A Graph API failure as the sender reads it: rate limits and outages are retried, the rest fail with Meta's words. */
function engineErrorOf(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  if (!(err instanceof GraphError))
    return new EngineError('TRANSIENT', err instanceof Error ? err.message : String(err));
  const text = `(#${err.code}) ${err.message}${err.details && !err.message.includes(err.details) ? ` ${err.details}` : ''}`;
  if (isRateLimit(err)) return new EngineError('RATE_LIMITED', text, err.code === PAIR_RATE_CODE ? 'chat' : 'phone');
  if (err.status === 0 || err.status >= 500) return new EngineError('TRANSIENT', err.status === 0 ? err.message : text);
  return new EngineError('INVALID', text);
}

export class CloudSession implements EngineSession {
  private account: CloudAccount | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private draining: Promise<void> | null = null;
  private stopped = true;
  private off: (() => void) | null = null;
  /** Failed tries of a stored delivery: after a few it is dropped so the ones behind it go on. */
  private readonly tries = new Map<number, number>();
  /** The number's throughput tier: the sender paces its sends to it. */
  private readonly tier: CloudTier;

  constructor(
    private readonly deps: CloudEngineDeps,
    private readonly phone: SessionPhone,
    private readonly auth: AuthStore,
    private readonly events: SessionEvents,
  ) {
    this.tier = new CloudTier(
      deps.graph,
      (entry) => events.log?.(entry),
      (rate) => this.auth.set({ [TIER_RATE_KEY]: String(rate) }),
    );
  }

  sendRate(): number {
    return this.tier.perSecond;
  }

  private async acct(): Promise<CloudAccount> {
    this.account ??= await this.deps.account(this.phone.id);
    if (!this.account) throw new EngineError('NOT_CONNECTED', "The official number's credentials are missing.");
    return this.account;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.account = null;
    let account: CloudAccount;
    try {
      account = await this.acct();
    } catch (err) {
      await this.events.state({ kind: 'phone-error', message: err instanceof Error ? err.message : String(err) });
      return;
    }
    await this.events.state({ kind: 'active', me: { number: account.number, name: account.name } });
    void this.tier.refresh(account, true);
    this.timer = setInterval(() => {
      void this.drain();
      void this.tier.refresh(account);
    }, this.deps.pollMs ?? 500);
    this.off = this.deps.subscribe?.(this.phone.id, () => void this.drain()) ?? null;
    void this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.off?.();
    this.off = null;
    await this.draining;
  }

  async logout(): Promise<void> {
    unsupported("session to log out: remove the number in Meta's WhatsApp Manager");
  }

  async requestPairingCode(): Promise<string> {
    return unsupported('pairing code');
  }

  /** Meta's id of a message we know by our id (ours when it came in: the wamid itself). */
  private async wamidOf(waId: string): Promise<string> {
    if (waId.startsWith('wamid.')) return waId;
    return (await this.auth.get(`wamid:${waId}`)) ?? waId;
  }

  private async upload(account: CloudAccount, media: MediaInput): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', media.mime);
    form.set('file', new Blob([media.data as Uint8Array<ArrayBuffer>], { type: media.mime }), media.filename);
    const res = await graph<{ id: string }>(
      this.deps.graph,
      account.token,
      `${encodeURIComponent(account.phoneNumberId)}/media`,
      { method: 'POST', form },
    );
    return res.id;
  }

  async send(
    to: string,
    content: OutgoingContent,
    options: SendOptions,
  ): Promise<{ waId: string; chatId: string; timestamp: number }> {
    const account = await this.acct();
    const recipient = cloudRecipient(to);
    try {
      let media: CloudMediaRef | undefined;
      if (content.type === 'media') {
        // By link when the message named a public URL (Meta fetches it), else uploaded first.
        media =
          content.link && /^https?:\/\//.test(content.link) && cloudMediaType(content.media.mime) !== 'sticker'
            ? { link: content.link }
            : { id: await this.upload(account, content.media) };
      }
      const contextId = options.quoted ? await this.wamidOf(options.quoted.key.id) : undefined;
      const targetId = content.type === 'reaction' ? await this.wamidOf(content.target.id) : undefined;
      const body = cloudMessageBody({
        to: recipient,
        content,
        ...(contextId ? { contextId } : {}),
        ...(targetId ? { targetId } : {}),
        ...(media ? { media } : {}),
      });
      const res = await graph<{ messages?: { id: string }[] }>(
        this.deps.graph,
        account.token,
        `${encodeURIComponent(account.phoneNumberId)}/messages`,
        { method: 'POST', json: body },
      );
      const wamid = res.messages?.[0]?.id;
      if (wamid) await this.auth.set({ [`wamid:${options.waId}`]: wamid, [`ours:${wamid}`]: options.waId });
      return { waId: options.waId, chatId: `${recipient}@c.us`, timestamp: Math.floor(Date.now() / 1000) };
    } catch (err) {
      // Meta refused the token (expired or revoked): the phone says so until the number is added again.
      if (err instanceof GraphError && err.code === 190)
        await this.events.state({ kind: 'phone-error', message: TOKEN_REFUSED });
      throw engineErrorOf(err);
    }
  }

  /** Turns the phone's stored deliveries into events, oldest first; each is marked done once handled. */
  drain(): Promise<void> {
    if (this.draining || this.stopped) return this.draining ?? Promise.resolve();
    this.draining = (async () => {
      try {
        for (let round = 0; round < 20 && !this.stopped; round++) {
          const batch = await this.deps.pending(this.phone.id, 50);
          if (batch.length === 0) return;
          for (const e of batch) {
            if (this.stopped) return;
            try {
              await this.handle(e);
            } catch (err) {
              const tries = (this.tries.get(e.id) ?? 0) + 1;
              this.tries.set(e.id, tries);
              if (tries < MAX_TRIES) throw err;
              this.events.log?.({
                level: 'error',
                msg: 'cloud inbox: a delivery was dropped after repeated failures',
                eventId: e.id,
                err: err instanceof Error ? err.message : String(err),
              });
            }
            this.tries.delete(e.id);
            await this.deps.done(this.phone.id, [e.id]);
          }
        }
      } catch (err) {
        this.events.log?.({
          level: 'warn',
          msg: 'cloud inbox: a delivery could not be handled yet',
          err: err instanceof Error ? err.message : String(err),
        });
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  private async handle(e: CloudInboxEvent): Promise<void> {
    const account = await this.acct();
    if (e.kind === 'quality') return this.tier.refresh(account, true);
    if (e.kind === 'message') {
      const m = e.payload as unknown as CloudInbound;
      const incoming = toIncoming(m, account);
      if (!incoming) return;
      if (incoming.quoted) {
        const ours = await this.auth.get(`ours:${incoming.quoted.key.id}`);
        if (ours) incoming.quoted.key = { ...incoming.quoted.key, id: ours, fromMe: true };
      }
      if (incoming.message.type === 'reaction' && typeof incoming.message.target === 'string') {
        incoming.message.target = (await this.auth.get(`ours:${incoming.message.target}`)) ?? incoming.message.target;
      }
      const part = inboundMedia(m);
      if (part) {
        try {
          const media = await this.download(account, part, String(incoming.message.filename ?? 'file'));
          if (media) incoming.media = media;
        } catch (err) {
          if (err instanceof GraphError && err.status !== 0 && err.status < 500) {
            // Meta no longer has it (expired or removed): the message goes on without its bytes.
            this.events.log?.({ level: 'warn', msg: 'cloud inbox: media could not be fetched', err: err.message });
          } else {
            throw err;
          }
        }
      }
      await this.events.message(incoming);
      return;
    }
    const s = e.payload as unknown as CloudStatus;
    const ours = (await this.auth.get(`ours:${s.id}`)) ?? s.id;
    const chatId = `${(s.recipient_id ?? '').replace(/\D/g, '')}@c.us`;
    const time = Number(s.timestamp ?? 0) || Math.floor(Date.now() / 1000);
    if (s.status === 'failed') {
      await this.events.failed?.({ waId: ours, chatId, reason: failureReason(s), time });
      return;
    }
    const ack = STATUS_ACKS[s.status];
    if (ack) await this.events.ack({ waId: ours, chatId, ack, time });
  }

  /** An inbound media file: its URL from `GET /{media_id}`, then the bytes with the bearer token. */
  private async download(
    account: CloudAccount,
    part: { id: string; mime_type?: string },
    filename: string,
  ): Promise<MediaInput | undefined> {
    const meta = await graph<{ url?: string; mime_type?: string; file_size?: number }>(
      this.deps.graph,
      account.token,
      encodeURIComponent(part.id),
    );
    if (!meta.url || (meta.file_size ?? 0) > (this.deps.mediaMaxBytes ?? 64 * 1024 * 1024)) return undefined;
    const got = await graphBytes(this.deps.graph, account.token, meta.url);
    const mime = (part.mime_type ?? meta.mime_type ?? got.mime).split(';')[0]!.trim();
    return { data: got.data, mime, filename };
  }

  async checkNumber(): Promise<{ exists: boolean; jid: string }> {
    return unsupported('number check');
  }
  async profilePicture(): Promise<string | null> {
    return unsupported('profile pictures');
  }
  async createGroup(): Promise<GroupInfo> {
    return unsupported('groups');
  }
  async groups(): Promise<GroupInfo[]> {
    return unsupported('groups');
  }
  async group(): Promise<GroupInfo> {
    return unsupported('groups');
  }
  async groupParticipants(): Promise<void> {
    unsupported('groups');
  }
  async groupConfig(): Promise<GroupConfig> {
    return unsupported('groups');
  }
  async leaveGroup(): Promise<void> {
    unsupported('groups');
  }
  async setProfileImage(): Promise<void> {
    unsupported("profile picture setting here: use Meta's WhatsApp Manager");
  }
  async catalog(): Promise<Record<string, unknown>[]> {
    return unsupported('catalog');
  }
}
