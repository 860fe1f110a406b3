import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  Curve,
  generateSignalPubKey,
  getBinaryNodeChild,
  getBinaryNodeChildren,
  jidDecode,
  type BinaryNode,
  type KeyPair,
  type proto,
} from 'baileys';
import { WebSocketServer } from 'ws';
import { makeCertificates, trustFakeRoot } from './certs';
import { FakeConnection, type ConnectionHandler } from './connection';
import { FakeGroups, type FakeGroup, type Member, type MemberAction } from './groups';
import { pairSuccessNode, readQr, verifyPairDeviceSign } from './pairing';
import { until } from './recorder';
import { FakePeer, type PreKeyBundle } from './signal-peer';

/** The Signal keys a linked device uploaded after logging in. */
export interface UploadedKeys {
  registrationId: number;
  identityKey: Buffer;
  signedPreKey: { keyId: number; publicKey: Buffer; signature: Buffer };
  preKeys: Map<number, Buffer>;
}

/** A companion device linked to an account on the fake network. */
export interface LinkedDevice {
  number: string;
  device: number;
  lidUser: string;
  noiseKey: Buffer;
  keys: UploadedKeys | null;
}

/** A message our client sent, as one recipient decrypted it. */
export interface ReceivedMessage {
  id: string;
  /** The chat: the peer, or the group. */
  to: string;
  /** The number of the peer who decrypted it. */
  peer: string;
  type: string;
  encType: string;
  message: proto.Message;
}

const S = 's.whatsapp.net';
const now = () => String(Math.floor(Date.now() / 1000));
const lidUser = () => String(randomInt(10_000_000, 99_999_999)) + String(randomInt(100_000, 999_999));
const bigEndian = (b: Uint8Array | undefined) => (b ? b.reduce((n, x) => n * 256 + x, 0) : 0);

function bytesOf(node: BinaryNode | undefined, tag: string): Buffer {
  const c = getBinaryNodeChild(node, tag)?.content;
  return c instanceof Uint8Array ? Buffer.from(c) : Buffer.alloc(0);
}

function result(iq: BinaryNode, content?: BinaryNode[]): BinaryNode {
  return { tag: 'iq', attrs: { id: iq.attrs.id!, type: 'result', from: S }, ...(content ? { content } : {}) };
}

/**
 * A small WhatsApp server on a local port: the Noise handshake with a certificate chain Baileys
 * accepts (see certs.ts), QR linking, login, pre-key storage, usync and pre-key queries, groups,
 * profile pictures, and message relay between our client and fake peers with real Signal encryption
 * (one-to-one and group sender keys). Enough of the protocol for the Baileys adapter's tests;
 * anything else it is asked gets an empty result.
 */
export class FakeWhatsApp implements ConnectionHandler {
  readonly connections: FakeConnection[] = [];
  readonly devices = new Map<string, LinkedDevice>();
  readonly peers = new Map<string, FakePeer>();
  readonly received: ReceivedMessage[] = [];
  readonly receipts: BinaryNode[] = [];
  readonly groups = new FakeGroups((jid) => this.memberOf(jid));
  private readonly accounts = new Map<string, { key: KeyPair; lidUser: string; nextDevice: number }>();
  private readonly serverStatic = Curve.generateKeyPair();
  private readonly certs = makeCertificates(this.serverStatic);
  private readonly untrust = trustFakeRoot(this.certs.root);
  private tagCounter = 0;
  /** How many QR refs the next pair-device iq carries (each becomes one QR code). */
  qrRefs = 3;
  /** When set, logins fail with this reason (`<failure reason="403">`: banned). */
  refuseLogin: string | null = null;

  private constructor(private readonly wss: WebSocketServer) {
    wss.on('connection', (ws) =>
      this.connections.push(new FakeConnection(ws, this.serverStatic, this.certs.chain, this)),
    );
  }

  /** Starts listening on 127.0.0.1 on a free port. */
  static async start(): Promise<FakeWhatsApp> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws/chat' });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    return new FakeWhatsApp(wss);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/ws/chat`;
  }

  /** The newest open connection. */
  get current(): FakeConnection | undefined {
    return this.connections.filter((c) => c.open).at(-1);
  }

  addPeer(number: string, name: string): FakePeer {
    const peer = new FakePeer(number, name, lidUser());
    this.peers.set(number, peer);
    return peer;
  }

  /** The peer a JID names, by phone number or by LID. */
  peerOf(jid: string | undefined): FakePeer | undefined {
    const user = jidDecode(jid)?.user ?? '';
    return this.peers.get(user) ?? [...this.peers.values()].find((p) => p.lidJid === `${user}@lid`);
  }

  /**
   * The phone scans a QR code: WhatsApp sends pair-success to the companion showing it, checks the
   * companion's signature and then asks it to reconnect (stream error 515), as the real server does.
   */
  async scan(qr: string, number: string): Promise<LinkedDevice> {
    const scanned = readQr(qr);
    const conn = this.connections.find((c) => c.open && c.registering && c.staticKey.equals(scanned.noiseKey));
    if (!conn) throw new Error('no connected companion shows this QR code');
    const account = this.account(number);
    const device = account.nextDevice++;
    const reply = await conn.request(
      pairSuccessNode(this.tag(), scanned, account.key, {
        jid: `${number}:${device}@${S}`,
        lid: `${account.lidUser}:${device}@lid`,
        keyIndex: 1,
      }),
    );
    if (!verifyPairDeviceSign(reply, scanned, account.key))
      throw new Error('the companion signed its device identity wrongly');
    const linked: LinkedDevice = { number, device, lidUser: account.lidUser, noiseKey: scanned.noiseKey, keys: null };
    this.devices.set(`${number}:${device}`, linked);
    conn.send({ tag: 'stream:error', attrs: { code: '515' } });
    return linked;
  }

  /** Someone else changes a group (members or subject); every linked device in it gets the notification. */
  groupChange(
    groupId: string,
    actor: FakePeer,
    change: { action: MemberAction; people: FakePeer[] } | { subject: string },
  ): void {
    const g = this.groups.groups.get(groupId);
    if (!g) throw new Error(`no group ${groupId}`);
    const by = this.memberOf(actor.jid)!;
    let node: BinaryNode;
    if ('subject' in change) {
      g.subject = change.subject;
      node = { tag: 'subject', attrs: { subject: change.subject } };
    } else {
      const people = this.groups.apply(
        g,
        change.action,
        change.people.map((p) => this.memberOf(p.jid)!),
      );
      node = {
        tag: change.action,
        attrs: {},
        content: people.map((m) => ({ tag: 'participant', attrs: { jid: m.lid, phone_number: m.pn } })),
      };
    }
    for (const d of this.devices.values()) {
      if (g.members.some((m) => m.pn === `${d.number}@${S}`))
        this.connectionOf(d)?.send(this.groups.notification(g, by, node));
    }
  }

  /** A group of the fake network, by id. */
  group(id: string): FakeGroup | undefined {
    return this.groups.groups.get(id);
  }

  /**
   * A peer writes to a linked device: a genuine Signal message built from the device's uploaded keys,
   * addressed by phone number (with the LID alongside) or, as WhatsApp does more and more, by LID.
   */
  async deliver(peer: FakePeer, to: LinkedDevice, text: string, addressing: 'pn' | 'lid' = 'pn'): Promise<string> {
    const conn = await until(() => this.connectionOf(to), `a connection of ${to.number}:${to.device}`);
    const { type, ciphertext } = await peer.encryptTo(to.number, to.device, { conversation: text }, () =>
      this.takeBundle(to),
    );
    const id = `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
    const from: Record<string, string> =
      addressing === 'pn'
        ? { from: peer.jid, sender_lid: peer.lidJid }
        : { from: peer.lidJid, sender_pn: peer.jid, addressing_mode: 'lid' };
    conn.send({
      tag: 'message',
      attrs: { ...from, id, t: now(), type: 'text', notify: peer.name },
      content: [{ tag: 'enc', attrs: { v: '2', type }, content: ciphertext }],
    });
    return id;
  }

  /** A peer's phone reports a message of ours as delivered, or (`read`) read. */
  receipt(peer: FakePeer, to: LinkedDevice, id: string, type?: 'read' | 'played'): void {
    this.connectionOf(to)?.send({ tag: 'receipt', attrs: { from: peer.jid, id, t: now(), ...(type ? { type } : {}) } });
  }

  /** Sends a node to the newest open connection (stream errors, failures). */
  push(node: BinaryNode): void {
    this.current?.send(node);
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.close();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.untrust();
  }

  onHello(conn: FakeConnection): void {
    const payload = conn.payload!;
    if (conn.registering) {
      const refs = Array.from({ length: this.qrRefs }, () => ({
        tag: 'ref',
        attrs: {},
        content: Buffer.from(`2@${randomBytes(24).toString('base64')}`),
      }));
      conn.send({
        tag: 'iq',
        attrs: { from: S, type: 'set', id: this.tag() },
        content: [{ tag: 'pair-device', attrs: {}, content: refs }],
      });
      return;
    }
    const key = `${String(payload.username)}:${payload.device ?? 0}`;
    const device = this.devices.get(key);
    if (this.refuseLogin || !device || !device.noiseKey.equals(conn.staticKey)) {
      conn.send({ tag: 'failure', attrs: { reason: this.refuseLogin ?? '401', location: 'fake' } });
      return;
    }
    conn.deviceKey = key;
    conn.send({
      tag: 'success',
      attrs: { t: now(), lid: `${device.lidUser}:${device.device}@lid`, props: '1', creation: now() },
    });
    conn.send({ tag: 'ib', attrs: { from: S }, content: [{ tag: 'offline', attrs: { count: '0' } }] });
  }

  async onNode(conn: FakeConnection, node: BinaryNode): Promise<void> {
    if (node.tag === 'iq') conn.send(await this.answer(conn, node));
    else if (node.tag === 'message') await this.relay(conn, node);
    else if (node.tag === 'receipt') this.receipts.push(node);
  }

  private async answer(conn: FakeConnection, iq: BinaryNode): Promise<BinaryNode> {
    const device = conn.deviceKey ? this.devices.get(conn.deviceKey) : undefined;
    if (iq.attrs.xmlns === 'w:g2' && device) return this.groups.answer(iq, this.memberOf(`${device.number}@${S}`)!);
    const first = Array.isArray(iq.content) ? iq.content[0] : undefined;
    switch (`${iq.attrs.xmlns}/${first?.tag}`) {
      case 'encrypt/count':
        return result(iq, [{ tag: 'count', attrs: { value: String(device?.keys?.preKeys.size ?? 0) } }]);
      case 'encrypt/registration':
        if (device) device.keys = this.readUpload(iq);
        return result(iq);
      case 'encrypt/digest':
        return result(iq, [{ tag: 'digest', attrs: {} }]);
      case 'encrypt/key':
        return result(iq, [
          {
            tag: 'list',
            attrs: {},
            content: getBinaryNodeChildren(first, 'user').map((u) => this.bundleOf(u.attrs.jid!)),
          },
        ]);
      case 'usync/usync':
        return result(iq, [this.usync(first!)]);
      case 'w:profile:picture/picture': {
        const peer = this.peerOf(iq.attrs.target);
        if (!peer)
          return {
            tag: 'iq',
            attrs: { id: iq.attrs.id!, type: 'error', from: S },
            content: [{ tag: 'error', attrs: { code: '404', text: 'item-not-found' } }],
          };
        return result(iq, [
          { tag: 'picture', attrs: { id: '1', type: 'image', url: `https://pps.example.invalid/${peer.number}.jpg` } },
        ]);
      }
      case 'md/remove-companion-device':
        if (conn.deviceKey) this.devices.delete(conn.deviceKey);
        return result(iq);
      default:
        return result(iq);
    }
  }

  private readUpload(iq: BinaryNode): UploadedKeys {
    const skey = getBinaryNodeChild(iq, 'skey');
    const preKeys = new Map<number, Buffer>();
    for (const k of getBinaryNodeChildren(getBinaryNodeChild(iq, 'list'), 'key'))
      preKeys.set(bigEndian(bytesOf(k, 'id')), bytesOf(k, 'value'));
    return {
      registrationId: bigEndian(bytesOf(iq, 'registration')),
      identityKey: bytesOf(iq, 'identity'),
      signedPreKey: {
        keyId: bigEndian(bytesOf(skey, 'id')),
        publicKey: bytesOf(skey, 'value'),
        signature: bytesOf(skey, 'signature'),
      },
      preKeys,
    };
  }

  /** Hands out a device's bundle with one of its one-time pre-keys, which is used up. */
  private takeBundle(device: LinkedDevice): PreKeyBundle {
    const keys = device.keys;
    if (!keys) throw new Error(`${device.number}:${device.device} has not uploaded its keys`);
    const next = keys.preKeys.entries().next().value;
    if (!next) throw new Error(`${device.number}:${device.device} has no one-time pre-keys left`);
    const [preKeyId, preKey] = next;
    keys.preKeys.delete(preKeyId);
    return {
      registrationId: keys.registrationId,
      identityKey: Buffer.from(generateSignalPubKey(keys.identityKey)),
      signedPreKey: {
        keyId: keys.signedPreKey.keyId,
        publicKey: Buffer.from(generateSignalPubKey(keys.signedPreKey.publicKey)),
        signature: keys.signedPreKey.signature,
      },
      preKey: { keyId: preKeyId, publicKey: Buffer.from(generateSignalPubKey(preKey)) },
    };
  }

  private bundleOf(jid: string): BinaryNode {
    const peer = this.peerOf(jid);
    return peer
      ? peer.bundleNode(jid)
      : { tag: 'user', attrs: { jid }, content: [{ tag: 'error', attrs: { code: '404', text: 'item-not-found' } }] };
  }

  /** Answers a usync query: who is on WhatsApp (contact), their LID (lid) and which devices they have (devices). */
  private usync(query: BinaryNode): BinaryNode {
    const protocols = new Set(
      (getBinaryNodeChild(query, 'query')?.content as BinaryNode[] | undefined)?.map((p) => p.tag),
    );
    const users = getBinaryNodeChildren(getBinaryNodeChild(query, 'list'), 'user').map((u) => {
      const phone = getBinaryNodeChild(u, 'contact')?.content;
      const jid = u.attrs.jid ?? `${String(phone ?? '').replace(/\D/g, '')}@${S}`;
      const peer = this.peerOf(jid);
      const content: BinaryNode[] = [];
      if (protocols.has('contact')) content.push({ tag: 'contact', attrs: { type: peer ? 'in' : 'out' } });
      if (protocols.has('lid') && peer) content.push({ tag: 'lid', attrs: { val: peer.lidJid } });
      if (protocols.has('devices'))
        content.push({
          tag: 'devices',
          attrs: {},
          content: [{ tag: 'device-list', attrs: {}, content: peer ? [{ tag: 'device', attrs: { id: '0' } }] : [] }],
        });
      return { tag: 'user', attrs: { jid }, content };
    });
    return {
      tag: 'usync',
      attrs: { sid: query.attrs.sid ?? '', index: '0', last: 'true' },
      content: [{ tag: 'list', attrs: {}, content: users }],
    };
  }

  /**
   * A message from our client: acked by the server, then decrypted by each peer it is addressed to;
   * a group message (skmsg) by each peer in the group, with the sender key it got in a pkmsg/msg.
   */
  private async relay(conn: FakeConnection, node: BinaryNode): Promise<void> {
    const sender = conn.deviceKey ? this.devices.get(conn.deviceKey) : undefined;
    const { id, to } = node.attrs;
    if (!sender || !id || !to) return;
    conn.send({ tag: 'ack', attrs: { class: 'message', id, from: to, t: now() } });
    const type = node.attrs.type ?? '';
    for (const target of getBinaryNodeChildren(getBinaryNodeChild(node, 'participants'), 'to')) {
      const peer = this.peerOf(target.attrs.jid);
      const enc = getBinaryNodeChild(target, 'enc');
      if (!peer || !(enc?.content instanceof Uint8Array)) continue;
      const message = await peer.decryptFrom(sender.number, sender.device, enc.attrs.type!, enc.content);
      if (!message.senderKeyDistributionMessage)
        this.received.push({ id, to, peer: peer.number, type, encType: enc.attrs.type!, message });
    }
    const group = this.groups.groups.get(to);
    const skmsg = getBinaryNodeChild(node, 'enc');
    if (!group || skmsg?.attrs.type !== 'skmsg' || !(skmsg.content instanceof Uint8Array)) return;
    for (const member of group.members) {
      const peer = this.peerOf(member.pn);
      if (!peer) continue;
      const message = await peer.decryptGroup(to, sender.number, sender.device, skmsg.content);
      this.received.push({ id, to, peer: peer.number, type, encType: 'skmsg', message });
    }
  }

  /** A person as a group member: a peer, or the account of a linked device. */
  private memberOf(jid: string): Member | undefined {
    const peer = this.peerOf(jid);
    if (peer) return { lid: peer.lidJid, pn: peer.jid };
    const user = jidDecode(jid)?.user ?? '';
    for (const [number, a] of this.accounts) {
      if (user === number || user === a.lidUser) return { lid: `${a.lidUser}@lid`, pn: `${number}@${S}` };
    }
    return undefined;
  }

  private connectionOf(device: LinkedDevice): FakeConnection | undefined {
    return this.connections.filter((c) => c.open && c.deviceKey === `${device.number}:${device.device}`).at(-1);
  }

  private account(number: string) {
    let a = this.accounts.get(number);
    if (!a) {
      a = { key: Curve.generateKeyPair(), lidUser: lidUser(), nextDevice: 3 };
      this.accounts.set(number, a);
    }
    return a;
  }

  private tag(): string {
    return `fake.${++this.tagCounter}`;
  }
}
