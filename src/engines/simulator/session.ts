import type {
  AuthStore,
  EngineSession,
  GroupConfig,
  GroupInfo,
  IncomingMessage,
  MediaInput,
  Me,
  OutgoingContent,
  SendOptions,
  SessionEvents,
  SessionPhone,
  SessionState,
  SimControls,
  SimFault,
} from '../types';
import { EngineError } from '../types';
import type { SimMailbox, SimNetwork } from './network';
import {
  defaultSimNumber,
  digits,
  isGroupJid,
  normalizePairingCode,
  pairingCode,
  SIM_RULES,
  simQrString,
  userJid,
} from './rules';
import { SimTimers, type SimTimings } from './timers';
import * as groups from './groups';
import { messageData } from './message-data';
import { waMessageId } from '../../shared/ids';

/** Where a simulated session keeps its link (the number it is logged in as). */
export const LINK_KEY = 'sim:link';
const PROFILE_IMAGE_KEY = 'sim:profile-image';
const OFFLINE_BUFFER = 100;

const PHONE_ERROR_MESSAGE = 'Phone is not connected. Make sure your phone has an active internet connection.';
const BANNED_MESSAGE = 'This account is not allowed to use WhatsApp (banned).';
const NUMBER_TAKEN_MESSAGE = 'This number is linked to a phone of another account. Choose another number.';
/** How many numbers a scan without one tries before giving up. */
const DEFAULT_NUMBER_ATTEMPTS = 5;

/** One simulated phone session: QR or pairing-code login, messages, acks, groups and faults. */
export class SimSession implements EngineSession, SimMailbox, SimControls {
  private state: SessionState = { kind: 'starting' };
  private me: Me | null = null;
  private pairing: { code: string; number: string } | null = null;
  private readonly timers = new SimTimers(
    () => this.stopped,
    (entry) => this.events.log?.(entry),
  );
  private stopped = false;
  private readonly offline: IncomingMessage[] = [];

  constructor(
    private readonly phone: SessionPhone,
    private readonly auth: AuthStore,
    private readonly events: SessionEvents,
    private readonly network: SimNetwork,
    private readonly timings: SimTimings,
  ) {}

  get number(): string {
    return this.me?.number ?? '';
  }

  get current(): SessionState {
    return this.state;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.setState({ kind: 'starting' });
    const link = await this.auth.get(LINK_KEY);
    if (link) {
      this.me = JSON.parse(link) as Me;
      await this.connect();
    } else {
      await this.showQr();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.clear();
    this.network.detach(this);
  }

  async logout(): Promise<void> {
    this.timers.clear();
    this.network.detach(this);
    this.me = null;
    this.pairing = null;
    await this.auth.clear();
    await this.setState({ kind: 'logged-out', reason: 'Logged out.' });
    await this.showQr();
  }

  async requestPairingCode(number: string): Promise<string> {
    if (this.me) throw new EngineError('INVALID', 'The phone is already linked. Log out first.');
    const n = digits(number);
    if (!/^\d{8,15}$/.test(n)) throw new EngineError('INVALID', 'Enter the number with its country code, digits only.');
    if (!(await this.network.numberFree(this.phone.id, n))) throw new EngineError('CONFLICT', NUMBER_TAKEN_MESSAGE);
    this.timers.clear();
    this.pairing = { code: pairingCode(), number: n };
    await this.setState({ kind: 'pairing', code: this.pairing.code });
    this.timers.later(this.timings.qrIdleMs, () => this.goIdle());
    return this.pairing.code;
  }

  /** The simulator's "scan": links the phone when `qr` is the one showing now. */
  async simScan(qr: string, number?: string): Promise<Me> {
    if (this.state.kind !== 'qr' || this.state.qr !== qr)
      throw new EngineError('INVALID', 'This QR code is not showing any more. Scan the current one.');
    if (number) return this.link([digits(number)]);
    return this.link(Array.from({ length: DEFAULT_NUMBER_ATTEMPTS }, (_, i) => defaultSimNumber(this.phone.id, i)));
  }

  /** The simulator's "enter the code on the phone". */
  async simPair(code: string): Promise<Me> {
    if (this.state.kind !== 'pairing' || !this.pairing)
      throw new EngineError('INVALID', 'The phone is not waiting for a pairing code.');
    if (normalizePairingCode(code) !== this.pairing.code)
      throw new EngineError('INVALID', 'The pairing code is wrong.');
    return this.link([this.pairing.number]);
  }

  /** A simulated number writes to this phone. */
  async simIncoming(from: string, text: string): Promise<IncomingMessage> {
    this.requireActive();
    const number = digits(from);
    if (!/^\d{8,15}$/.test(number))
      throw new EngineError('INVALID', 'from must be a phone number with its country code.');
    const waId = waMessageId();
    const jid = userJid(number);
    const message: IncomingMessage = {
      key: { id: waId, chatId: jid, fromMe: false },
      message: { id: waId, type: 'text', text, fromMe: false },
      from: { jid, name: SIM_RULES.name(number), number },
      timestamp: Math.floor(this.network.now() / 1000),
    };
    await this.events.message(message);
    return message;
  }

  async simFault(fault: SimFault): Promise<void> {
    switch (fault) {
      case 'disconnect':
        this.requireActive();
        this.network.detach(this);
        await this.setState({ kind: 'conn-retry', message: 'Connection lost. Reconnecting...' });
        this.timers.later(this.timings.reconnectMs, () => this.connect());
        return;
      case 'phone-error':
        if (!this.me) throw new EngineError('INVALID', 'The phone is not linked.');
        this.timers.clear();
        this.network.detach(this);
        await this.setState({ kind: 'phone-error', message: PHONE_ERROR_MESSAGE });
        return;
      case 'ban':
        if (!this.me) throw new EngineError('INVALID', 'The phone is not linked.');
        this.timers.clear();
        this.network.detach(this);
        this.me = null;
        await this.auth.clear();
        await this.setState({ kind: 'banned', message: BANNED_MESSAGE });
        return;
      case 'idle':
        if (this.state.kind !== 'qr' && this.state.kind !== 'pairing')
          throw new EngineError(
            'INVALID',
            'Only a phone showing a QR code or waiting for a pairing code can time out.',
          );
        await this.goIdle();
        return;
    }
  }

  /** Delivery from the network (another of our phones wrote to this one). */
  async receive(message: IncomingMessage): Promise<void> {
    if (this.state.kind !== 'active') {
      if (this.offline.length < OFFLINE_BUFFER) this.offline.push(message);
      return;
    }
    await this.events.message(message);
  }

  async send(to: string, content: OutgoingContent, options: SendOptions) {
    const me = this.requireActive();
    const group = isGroupJid(to) ? await this.network.group(to) : undefined;
    if (isGroupJid(to)) {
      if (!group || !group.participants.includes(me.number))
        throw new EngineError('NOT_FOUND', 'You are not a participant of this group.');
      if (group.suspended) throw new EngineError('INVALID', 'This group was suspended by WhatsApp.');
      if (group.config.send === 'admins' && !group.admins.includes(me.number))
        throw new EngineError('INVALID', 'Only admins can send messages to this group.');
    } else if (!this.network.exists(digits(to))) {
      throw new EngineError('NOT_FOUND', `The number ${digits(to)} is not on WhatsApp.`);
    }
    const chatId = group ? group.id : userJid(to);
    const data = messageData(content, options.waId);
    const timestamp = Math.floor(this.network.now() / 1000);
    const fresh = await this.network.accept(options.waId, me.number, chatId, data.type, data);
    if (fresh) {
      const recipients = group ? group.participants.filter((n) => n !== me.number) : [digits(to)];
      for (const n of recipients) {
        const media = content.type === 'media' ? content.media : undefined;
        void this.network
          .deliver(n, {
            key: {
              id: options.waId,
              chatId: group ? group.id : userJid(me.number),
              fromMe: false,
              ...(group ? { participant: userJid(me.number) } : {}),
            },
            message: { ...data, fromMe: false },
            from: { jid: userJid(me.number), name: me.name, number: me.number },
            ...(group ? { chatName: group.name } : {}),
            timestamp,
            ...(media ? { media } : {}),
          })
          .catch(() => undefined);
      }
      this.scheduleAcks(options.waId, chatId, group ? null : digits(to), content);
      if (!group && content.type === 'text' && SIM_RULES.echoes(digits(to)))
        this.scheduleEcho(digits(to), content.text);
    }
    return { waId: options.waId, chatId, timestamp };
  }

  async checkNumber(number: string) {
    const n = digits(number);
    return { exists: this.network.exists(n), jid: userJid(n) };
  }

  async profilePicture(jid: string): Promise<string | null> {
    if (isGroupJid(jid)) return (await this.network.group(jid))?.image ?? null;
    const n = digits(jid);
    if (n === this.me?.number) return (await this.auth.get(PROFILE_IMAGE_KEY)) ? `/api/sim/avatar/${n}.png` : null;
    return SIM_RULES.hasPicture(n) ? `/api/sim/avatar/${n}.png` : null;
  }

  async createGroup(name: string, participants: string[]): Promise<GroupInfo> {
    return groups.createGroup(this.groupSide(), name, participants);
  }

  async groups(): Promise<GroupInfo[]> {
    return groups.groups(this.groupSide());
  }

  async group(jid: string, options: { invite?: boolean } = {}): Promise<GroupInfo> {
    return groups.group(this.groupSide(), jid, options);
  }

  async groupParticipants(
    jid: string,
    action: 'add' | 'remove' | 'promote' | 'demote',
    participants: string[],
  ): Promise<void> {
    return groups.groupParticipants(this.groupSide(), jid, action, participants);
  }

  async groupConfig(jid: string, config: Partial<GroupConfig>): Promise<GroupConfig> {
    return groups.groupConfig(this.groupSide(), jid, config);
  }

  async leaveGroup(jid: string): Promise<void> {
    return groups.leaveGroup(this.groupSide(), jid);
  }

  async setProfileImage(jid: string | null, image: MediaInput): Promise<void> {
    const me = this.requireActive();
    if (!image.mime.startsWith('image/')) throw new EngineError('INVALID', 'The profile picture must be an image.');
    if (jid === null) {
      await this.auth.set({ [PROFILE_IMAGE_KEY]: '1' });
      return;
    }
    const row = await this.network.group(jid);
    if (!row || !row.participants.includes(me.number)) throw new EngineError('NOT_FOUND', 'Group not found.');
    row.image = `/api/sim/avatar/${digits(jid.split('-')[0]!)}.png?group=${encodeURIComponent(jid)}`;
    await this.network.saveGroup(row);
  }

  async catalog(): Promise<Record<string, unknown>[]> {
    const me = this.requireActive();
    return [1, 2].map((i) => ({
      type: 'product',
      productId: `${me.number.slice(-6)}00000${i}`,
      title: `Sample product ${i}`,
      description: 'A product of the simulated business catalog.',
      price: 30 * i,
      price1000: 30_000 * i,
      currency: 'TRY',
      retailerId: `SIM-${i}`,
      business: userJid(me.number),
      url: '',
      image: `/api/sim/avatar/${me.number}.png`,
    }));
  }

  /** Links as the first of `candidates` that is not another product's number. */
  private async link(candidates: string[]): Promise<Me> {
    if (candidates.some((n) => !/^\d{8,15}$/.test(n)))
      throw new EngineError('INVALID', 'number must be a phone number with its country code.');
    let number: string | undefined;
    for (const n of candidates) {
      if (await this.network.claimNumber(this.phone.id, n)) {
        number = n;
        break;
      }
    }
    if (!number) throw new EngineError('CONFLICT', NUMBER_TAKEN_MESSAGE);
    this.timers.clear();
    this.pairing = null;
    this.me = { number, name: `Sim ${number.slice(-4)}` };
    await this.auth.set({ [LINK_KEY]: JSON.stringify(this.me) });
    await this.connect();
    return this.me;
  }

  private async connect(): Promise<void> {
    await this.setState({ kind: 'connecting' });
    this.timers.later(this.timings.connectMs, async () => {
      if (!this.me) return;
      this.network.attach(this);
      await this.setState({ kind: 'active', me: this.me });
      for (const m of this.offline.splice(0)) await this.events.message(m);
    });
  }

  private async showQr(): Promise<void> {
    this.timers.clear();
    await this.setState({ kind: 'qr', qr: simQrString() });
    const rotate = () => {
      this.timers.later(this.timings.qrRotateMs, async () => {
        if (this.state.kind !== 'qr') return;
        await this.setState({ kind: 'qr', qr: simQrString() });
        rotate();
      });
    };
    rotate();
    this.timers.later(this.timings.qrIdleMs, () => this.goIdle());
  }

  private async goIdle(): Promise<void> {
    this.timers.clear();
    this.pairing = null;
    await this.setState({ kind: 'idle' });
  }

  private scheduleAcks(waId: string, chatId: string, number: string | null, content: OutgoingContent): void {
    const [d1, d2, d3] = this.timings.ackDelaysMs;
    const ack = (code: 1 | 2 | 3 | 4) => () =>
      this.events.ack({ waId, chatId, ack: code, time: Math.floor(this.network.now() / 1000) });
    if (content.type === 'delete' || content.type === 'reaction' || content.type === 'edit') return;
    this.timers.later(d1, ack(1));
    this.timers.later(d2, ack(2));
    if (number && SIM_RULES.reads(number)) {
      this.timers.later(d3, ack(3));
      if (content.type === 'media' && content.media.mime.startsWith('audio/')) this.timers.later(d3 * 2, ack(4));
    }
  }

  private scheduleEcho(number: string, text: string): void {
    this.timers.later(this.timings.replyMs, async () => {
      if (this.state.kind === 'active') await this.simIncoming(number, `Echo: ${text}`);
    });
  }

  /** The group operations (groups.ts) act for the active login; none while the phone is not active. */
  private groupSide(): groups.SimGroupSide {
    return { network: this.network, events: this.events, me: this.requireActive() };
  }

  private requireActive(): Me {
    if (this.state.kind !== 'active' || !this.me) throw new EngineError('NOT_CONNECTED', 'The phone is not active.');
    return this.me;
  }

  private async setState(state: SessionState): Promise<void> {
    if (this.stopped) return;
    this.state = state;
    await this.events.state(state);
  }
}

// How fast the simulated world moves lives with its timers; importers keep importing it from here.
export { DEFAULT_SIM_TIMINGS, type SimTimings } from './timers';
// The wire form of a message lives in message-data.ts; the Instagram simulator imports it from here.
export { messageData } from './message-data';
