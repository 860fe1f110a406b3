import { toNumber, type ConnectionState, type WAMessage, type WASocket } from 'baileys';
import {
  EngineError,
  type AuthStore,
  type EngineSession,
  type GroupConfig,
  type GroupInfo,
  type MediaInput,
  type Me,
  type OutgoingContent,
  type SendOptions,
  type SessionEvents,
  type SessionPhone,
  type SessionState,
} from '../types';
import { loadAuthState, type StoredAuthState } from './auth-state';
import { closeAction } from './close-reason';
import { catalogProduct, forwardable, quotable, toBaileysContent, toSendOptions } from './content';
import { engineError, rethrow, statusOf } from './errors';
import { changeGroupConfig, changeParticipants, groupInfoOf, inviteLink, isAdmin } from './groups';
import { toIncoming, type IncomingContext } from './incoming';
import { digits, toApiJid, toWaJid } from './jid';
import { KnownNumbers, RecentSends } from './known-numbers';
import { createBaileysLogger, type BaileysLogger } from './logger';
import { MessageStore } from './message-store';
import { SessionEventRouter } from './session-events';
import { incomingContextOf, listen, openSocket, type SessionSettings } from './socket';

/** How long `requestPairingCode` waits for the socket to be ready for linking. */
const PAIRING_READY_MS = 20_000;

/** One phone on WhatsApp through a Baileys socket; reconnects, relinks and maps events for the runner. */
export class BaileysSession implements EngineSession {
  private auth: StoredAuthState | null = null;
  private sock: WASocket | null = null;
  /** Bumped for every socket: events of an older socket are ignored. */
  private generation = 0;
  private state: SessionState = { kind: 'starting' };
  private me: Me | null = null;
  private started = false;
  private pairing = false;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly knownNumbers = new KnownNumbers();
  private readonly recentSends = new RecentSends();
  private readonly logger: BaileysLogger;
  private readonly messages: MessageStore;
  private readonly router: SessionEventRouter;

  constructor(
    private readonly phone: SessionPhone,
    private readonly store: AuthStore,
    private readonly events: SessionEvents,
    private readonly settings: SessionSettings,
  ) {
    this.logger = createBaileysLogger((entry) => events.log?.(entry), settings.logLevel, { phoneId: phone.id });
    this.messages = new MessageStore(store, settings.messageStoreLimit);
    this.router = new SessionEventRouter(events, () => this.sock?.signalRepository.lidMapping);
  }

  async start(): Promise<void> {
    this.started = true;
    if (this.sock) return;
    await this.setState({ kind: 'starting' });
    this.auth ??= await loadAuthState(this.store, this.logger);
    if (!this.started) return;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.clearRetry();
    this.detach()?.end(undefined);
  }

  async logout(): Promise<void> {
    this.clearRetry();
    const sock = this.detach();
    if (sock && this.state.kind === 'active')
      await sock.logout().catch((err: unknown) => this.log('warn', 'logout request failed', err));
    else sock?.end(undefined);
    await this.resetAuth();
    await this.setState({ kind: 'logged-out', reason: 'Logged out.' });
    if (this.started) await this.connect();
  }

  async requestPairingCode(number: string): Promise<string> {
    const n = digits(number);
    if (!/^\d{8,15}$/.test(n)) throw new EngineError('INVALID', 'Enter the number with its country code, digits only.');
    // `account` is what a completed link leaves in the credentials (QR or code alike).
    if (this.auth?.state.creds.account || this.state.kind === 'active')
      throw new EngineError('INVALID', 'The phone is already linked. Log out first.');
    if (!this.started) throw new EngineError('NOT_CONNECTED', 'Start the session before asking for a pairing code.');
    if (!this.sock) await this.connect();
    const sock = this.sock;
    if (!sock) throw new EngineError('NOT_CONNECTED', 'The phone cannot connect to WhatsApp now.');
    if (this.state.kind !== 'qr' && this.state.kind !== 'pairing') {
      await sock
        .waitForConnectionUpdate(async (u) => Boolean(u.qr), PAIRING_READY_MS)
        .catch(() => {
          throw new EngineError('TRANSIENT', 'WhatsApp did not get ready for linking. Try again.');
        });
    }
    this.pairing = true;
    const code = await sock.requestPairingCode(n).catch((err: unknown) => {
      this.pairing = false;
      throw engineError(err);
    });
    await this.setState({ kind: 'pairing', code });
    return code;
  }

  async send(to: string, content: OutgoingContent, options: SendOptions) {
    const sock = this.requireOpen();
    const jid = toWaJid(to);
    if (jid.endsWith('@s.whatsapp.net')) await this.knownNumbers.assertOnWhatsApp(sock, jid);
    const forward =
      content.type === 'forward'
        ? forwardable(content.message, await this.messages.get(content.message.key.id), content.withCaption)
        : undefined;
    const quoted = options.quoted
      ? quotable(options.quoted, await this.messages.get(options.quoted.key.id))
      : undefined;
    this.recentSends.remember(options.waId);
    const sent = await sock
      .sendMessage(jid, toBaileysContent(content, forward), toSendOptions(options, quoted))
      .catch(rethrow);
    if (!sent) throw new EngineError('TRANSIENT', 'WhatsApp did not take the message.');
    await this.messages.save(sent).catch((err: unknown) => this.log('warn', 'could not keep the sent message', err));
    return {
      waId: sent.key.id ?? options.waId,
      chatId: toApiJid(jid),
      timestamp: toNumber(sent.messageTimestamp ?? 0) || Math.floor(Date.now() / 1000),
    };
  }

  async checkNumber(number: string) {
    const sock = this.requireOpen();
    const n = digits(number);
    const [found] = (await sock.onWhatsApp(`${n}@s.whatsapp.net`).catch(rethrow)) ?? [];
    return { exists: Boolean(found?.exists), jid: found?.jid ? toApiJid(found.jid) : `${n}@c.us` };
  }

  async profilePicture(jid: string): Promise<string | null> {
    const sock = this.requireOpen();
    try {
      return (await sock.profilePictureUrl(toWaJid(jid), 'image')) ?? null;
    } catch (err) {
      // No picture, or one its owner shows only to contacts.
      if (statusOf(err) === 404 || statusOf(err) === 401) return null;
      throw engineError(err);
    }
  }

  async createGroup(name: string, participants: string[]): Promise<GroupInfo> {
    const sock = this.requireOpen();
    const meta = await sock.groupCreate(name, participants.map(toWaJid)).catch(rethrow);
    this.router.rememberGroup(meta.id, meta.subject, meta);
    return groupInfoOf(meta, this.lids());
  }

  async groups(): Promise<GroupInfo[]> {
    const sock = this.requireOpen();
    const all = Object.values(await sock.groupFetchAllParticipating().catch(rethrow));
    for (const g of all) this.router.rememberGroup(g.id, g.subject, g);
    return Promise.all(all.map((g) => groupInfoOf(g, this.lids())));
  }

  async group(jid: string, options: { invite?: boolean } = {}): Promise<GroupInfo> {
    const sock = this.requireOpen();
    const meta = await sock.groupMetadata(jid).catch(rethrow);
    this.router.rememberGroup(meta.id, meta.subject, meta);
    const info = await groupInfoOf(meta, this.lids());
    if (!options.invite || !isAdmin(info, this.me!.number)) return info;
    const invite = await inviteLink(sock, jid);
    return invite ? { ...info, invite } : info;
  }

  async groupParticipants(
    jid: string,
    action: 'add' | 'remove' | 'promote' | 'demote',
    participants: string[],
  ): Promise<void> {
    await changeParticipants(this.requireOpen(), jid, action, participants);
    this.router.forgetMembers(jid);
  }

  async groupConfig(jid: string, config: Partial<GroupConfig>): Promise<GroupConfig> {
    const result = await changeGroupConfig(this.requireOpen(), jid, config);
    this.router.forgetMembers(jid);
    return result;
  }

  async leaveGroup(jid: string): Promise<void> {
    await this.requireOpen().groupLeave(jid).catch(rethrow);
    this.router.forgetMembers(jid);
  }

  async setProfileImage(jid: string | null, image: MediaInput): Promise<void> {
    const sock = this.requireOpen();
    if (!image.mime.startsWith('image/')) throw new EngineError('INVALID', 'The profile picture must be an image.');
    const target = jid ? toWaJid(jid) : `${this.me!.number}@s.whatsapp.net`;
    await sock.updateProfilePicture(target, Buffer.from(image.data)).catch(rethrow);
  }

  async catalog(): Promise<Record<string, unknown>[]> {
    const sock = this.requireOpen();
    if (typeof sock.getCatalog !== 'function')
      throw new EngineError('UNSUPPORTED', 'This WhatsApp engine cannot read catalogs.');
    const me = `${this.me!.number}@c.us`;
    const { products } = await sock.getCatalog({ limit: 100 }).catch(rethrow);
    return products.map((p) => catalogProduct(p, me));
  }

  private async connect(): Promise<void> {
    this.clearRetry();
    if (this.phone.proxy && !this.settings.proxyAgent) {
      return this.setState({
        kind: 'phone-error',
        message: 'This phone uses a proxy, but this server has no proxy support configured.',
      });
    }
    const agent = this.phone.proxy ? this.settings.proxyAgent?.(this.phone.proxy) : undefined;
    const version = await this.settings.version(this.phone.useOldVersion);
    // Stopped while this waited (the runner gave the phone up during the start): no socket, or it
    // would drive a phone whose lease may be another runner's by now.
    if (!this.started) return;
    // Never two sockets for one phone: WhatsApp would make them replace each other.
    this.detach()?.end(undefined);
    const generation = this.generation;
    const sock = openSocket(this.settings, {
      auth: this.auth!,
      logger: this.logger,
      messages: this.messages,
      router: this.router,
      version,
      agent,
    });
    this.sock = sock;
    const on =
      <A extends unknown[]>(handler: (...args: A) => unknown) =>
      (...args: A) => {
        if (generation === this.generation) this.enqueue(() => handler(...args));
      };
    // Saved even from a socket being replaced: a late update (pre-key ids) must not be lost.
    sock.ev.on('creds.update', () => this.enqueue(() => this.onCreds(generation)));
    listen(sock, on, this.router, {
      connection: (u) => this.onConnection(u),
      messages: (messages) => this.onMessages(messages),
      sentHere: (id) => this.recentSends.has(id),
    });
  }

  private async onCreds(generation: number): Promise<void> {
    await this.auth?.saveCreds();
    // The push name arrives after linking (app state sync): show it.
    if (
      generation === this.generation &&
      this.state.kind === 'active' &&
      this.me &&
      this.meFromCreds().name !== this.me.name
    )
      await this.becomeActive();
  }

  private async onConnection(u: Partial<ConnectionState>): Promise<void> {
    if (u.qr && !this.pairing) await this.setState({ kind: 'qr', qr: u.qr });
    if (u.connection === 'connecting' && this.state.kind !== 'conn-retry' && this.state.kind !== 'pairing')
      await this.setState({ kind: 'connecting' });
    if (u.connection === 'open') {
      this.retries = 0;
      this.pairing = false;
      await this.becomeActive();
    }
    if (u.connection === 'close') await this.onClose(u.lastDisconnect?.error);
  }

  private async onClose(error: Error | undefined): Promise<void> {
    this.sock = null;
    this.me = null;
    const action = closeAction(error);
    this.log(action.kind === 'restart' ? 'debug' : 'info', `connection closed: ${action.kind}`, error);
    switch (action.kind) {
      case 'restart':
        return this.connect();
      case 'logged-out':
        await this.resetAuth();
        await this.setState({ kind: 'logged-out', reason: action.reason });
        return this.connect();
      case 'banned':
        await this.resetAuth();
        return this.setState({ kind: 'banned', message: action.message });
      case 'idle':
        this.pairing = false;
        return this.setState({ kind: 'idle' });
      case 'phone-error':
        return this.setState({ kind: 'phone-error', message: action.message });
      case 'retry': {
        await this.setState({ kind: 'conn-retry', message: action.message });
        const { first, max } = this.settings.reconnectDelayMs;
        const delay = Math.min(max, first * 2 ** this.retries++);
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.enqueue(() => (this.started ? this.connect() : undefined));
        }, delay);
      }
    }
  }

  private async onMessages(messages: WAMessage[]): Promise<void> {
    const ctx = this.incomingContext();
    for (const m of messages) {
      try {
        const incoming = await toIncoming(m, ctx);
        if (!incoming) continue;
        await this.messages.save(m);
        await this.events.message(incoming);
      } catch (err) {
        this.log('error', 'could not hand over an incoming message', err);
      }
    }
  }

  private incomingContext(): IncomingContext {
    return incomingContextOf(this.sock, {
      me: this.me ?? this.meFromCreds(),
      lids: this.lids(),
      maxMediaBytes: this.settings.maxMediaBytes,
      router: this.router,
      messages: this.messages,
      logger: this.logger,
      log: (msg, err) => this.log('warn', msg, err),
    });
  }

  private async becomeActive(): Promise<void> {
    this.me = this.meFromCreds();
    await this.setState({ kind: 'active', me: this.me });
  }

  private meFromCreds(): Me {
    const me = this.auth?.state.creds.me;
    return { number: digits(me?.id ?? ''), name: me?.name ?? me?.verifiedName ?? '' };
  }

  private lids() {
    return this.sock?.signalRepository.lidMapping;
  }

  private async resetAuth(): Promise<void> {
    await (this.auth ? this.auth.clear() : this.store.clear());
    this.messages.reset();
    this.auth = await loadAuthState(this.store, this.logger);
  }

  /** Stops listening to the current socket and hands it over for closing. */
  private detach(): WASocket | null {
    const sock = this.sock;
    this.generation++;
    this.sock = null;
    this.me = null;
    return sock;
  }

  private requireOpen(): WASocket {
    if (!this.sock || this.state.kind !== 'active') throw new EngineError('NOT_CONNECTED', 'The phone is not active.');
    return this.sock;
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Runs event handlers one at a time, in the order Baileys emitted them. */
  private enqueue(task: () => unknown): void {
    this.queue = this.queue
      .then(async () => {
        await task();
      })
      .catch((err: unknown) => this.log('error', 'session event handler failed', err));
  }

  private async setState(state: SessionState): Promise<void> {
    this.state = state;
    await this.events.state(state);
  }

  private log(level: 'debug' | 'info' | 'warn' | 'error', msg: string, err?: unknown): void {
    this.events.log?.({
      level,
      msg,
      phoneId: this.phone.id,
      ...(err ? { err: err instanceof Error ? err.message : String(err) } : {}),
    });
  }
}
