import { waMessageId } from '../../shared/ids';
import {
  INSTAGRAM_CAPABILITIES,
  InstagramSessionBase,
  type InstagramCredentials,
  type InstagramEngine,
  type LoginOutcome,
} from '../instagram';
import type {
  AuthStore,
  IncomingMessage,
  Me,
  OutgoingContent,
  SendOptions,
  SessionEvents,
  SessionState,
  SimControls,
  SimFault,
} from '../types';
import { EngineError, NO_PACING, type Pacing } from '../types';
import { simDescriptor } from './engine';
import type { SimNetwork } from './network';
import { digits, userJid } from './rules';
import { messageData, type SimTimings } from './session';
import { SimTimers } from './timers';

/** The simulator's rules for Instagram logins, so demos and tests know what to expect. */
const SIM_INSTAGRAM = {
  /** Any password logs in but this one. */
  wrongPassword: 'wrong-password',
  /** A username ending in this asks for a two-factor code... */
  twoFactorSuffix: '.2fa',
  /** ...and accepts this one. */
  code: '123456',
  passwordError: 'The password you entered is incorrect. Please try again.',
  codeError: 'Please check the security code and try again.',
  accountError: 'Instagram asks to confirm this login (challenge required). Log in again.',
} as const;

/** Where the simulated account keeps its login. */
const LOGIN_KEY = 'ig:username';

/** One simulated Instagram account: login with a two-factor code, direct messages, acks and faults. */
class SimInstagramSession extends InstagramSessionBase implements SimControls {
  private me: Me | null = null;
  private state: SessionState['kind'] = 'starting';
  private stopped = false;
  private readonly timers = new SimTimers(
    () => this.stopped,
    (entry) => this.events.log?.(entry),
  );

  constructor(
    private readonly auth: AuthStore,
    private readonly events: SessionEvents,
    private readonly network: SimNetwork,
    private readonly timings: SimTimings,
  ) {
    super();
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.setState({ kind: 'starting' });
    const username = await this.auth.get(LOGIN_KEY);
    if (username) this.timers.later(this.timings.connectMs, () => this.activate(username));
    else await this.setState({ kind: 'login-required' });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.clear();
  }

  async logout(): Promise<void> {
    this.me = null;
    await this.auth.clear();
    await this.setState({ kind: 'login-required' });
  }

  async login({ username, password, code }: InstagramCredentials): Promise<LoginOutcome> {
    if (password === SIM_INSTAGRAM.wrongPassword) return { ok: false, error: SIM_INSTAGRAM.passwordError };
    if (username.endsWith(SIM_INSTAGRAM.twoFactorSuffix)) {
      if (!code) return { ok: false, codeRequired: true };
      if (code.trim() !== SIM_INSTAGRAM.code) return { ok: false, error: SIM_INSTAGRAM.codeError };
    }
    await this.auth.set({ [LOGIN_KEY]: username });
    await this.activate(username);
    return { ok: true, username };
  }

  async send(to: string, content: OutgoingContent, options: SendOptions) {
    const me = this.requireActive();
    if (content.type !== 'text' && content.type !== 'media')
      throw new EngineError('UNSUPPORTED', `Instagram accounts cannot send ${content.type} messages.`);
    const chatId = userJid(to);
    const data = messageData(content, options.waId);
    const timestamp = Math.floor(this.network.now() / 1000);
    if (await this.network.accept(options.waId, me.number, chatId, data.type, data)) {
      const [delivered, seen] = this.timings.ackDelaysMs;
      this.timers.later(delivered, () =>
        this.events.ack({ waId: options.waId, chatId, ack: 2, time: Math.floor(this.network.now() / 1000) }),
      );
      this.timers.later(seen, () =>
        this.events.ack({ waId: options.waId, chatId, ack: 3, time: Math.floor(this.network.now() / 1000) }),
      );
    }
    return { waId: options.waId, chatId, timestamp };
  }

  /** A simulated Instagram user (by numeric user id) writes a direct message to the account. */
  async simIncoming(from: string, text: string): Promise<IncomingMessage> {
    this.requireActive();
    const id = digits(from);
    const waId = waMessageId();
    const jid = userJid(id);
    const message: IncomingMessage = {
      key: { id: waId, chatId: jid, fromMe: false },
      message: { id: waId, type: 'text', text, fromMe: false },
      from: { jid, name: `Instagram user ${id.slice(-4)}`, number: id },
      timestamp: Math.floor(this.network.now() / 1000),
    };
    await this.events.message(message);
    return message;
  }

  async simFault(fault: SimFault): Promise<void> {
    const me = this.requireActive();
    switch (fault) {
      case 'disconnect':
        await this.setState({ kind: 'conn-retry', message: 'Connection lost. Reconnecting...' });
        this.timers.later(this.timings.reconnectMs, () => this.activate(me.number));
        return;
      case 'phone-error':
      case 'ban':
        await this.setState({ kind: 'account-error', message: SIM_INSTAGRAM.accountError });
        return;
      case 'idle':
        await this.setState({ kind: 'idle' });
        return;
    }
  }

  async simScan(): Promise<Me> {
    throw new EngineError('UNSUPPORTED', 'Instagram accounts log in with a username and password, not a QR code.');
  }

  async simPair(): Promise<Me> {
    throw new EngineError('UNSUPPORTED', 'Instagram accounts log in with a username and password, not a pairing code.');
  }

  /** Messages between our own simulated phones travel on WhatsApp only. */
  async receive(): Promise<void> {}

  private async activate(username: string): Promise<void> {
    this.me = { number: username, name: username };
    await this.setState({ kind: 'active', me: this.me });
  }

  private requireActive(): Me {
    if (this.state !== 'active' || !this.me)
      throw new EngineError('NOT_CONNECTED', 'The Instagram account is not active.');
    return this.me;
  }

  private async setState(state: SessionState): Promise<void> {
    if (this.stopped) return;
    this.state = state.kind;
    await this.events.state(state);
  }
}

/** The embedded default Instagram engine: accounts on the simulated network. */
export function createSimInstagramEngine(
  network: SimNetwork,
  timings: SimTimings,
  pacing: Pacing = NO_PACING,
): InstagramEngine {
  return {
    ...simDescriptor(network, pacing),
    platform: 'instagram',
    capabilities: INSTAGRAM_CAPABILITIES,
    open: (_phone, auth, events) => new SimInstagramSession(auth, events, network, timings),
  };
}
