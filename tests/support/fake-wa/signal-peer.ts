import {
  Curve,
  encodeBigEndian,
  generateSignalPubKey,
  proto,
  unpadRandomMax16,
  writeRandomPadMax16,
  type BinaryNode,
} from 'baileys';
import {
  GroupCipher,
  GroupSessionBuilder,
  SenderKeyDistributionMessage,
  SenderKeyName,
  SenderKeyRecord,
} from 'baileys/lib/Signal/Group/index.js';
import { ProtocolAddress, SessionBuilder, SessionCipher, SessionRecord, type SignalStorage } from 'libsignal';

/** A Signal pre-key bundle as WhatsApp hands it out (public keys with libsignal's 0x05 prefix). */
export interface PreKeyBundle {
  registrationId: number;
  identityKey: Buffer;
  signedPreKey: { keyId: number; publicKey: Buffer; signature: Buffer };
  preKey: { keyId: number; publicKey: Buffer };
}

interface SignalKeyPair {
  pubKey: Buffer;
  privKey: Buffer;
}

function keyPair(): SignalKeyPair {
  const k = Curve.generateKeyPair();
  return { pubKey: Buffer.from(generateSignalPubKey(k.public)), privKey: Buffer.from(k.private) };
}

const SIGNED_PRE_KEY_ID = 1;
const PRE_KEY_ID = 1;

/**
 * Another WhatsApp user, on the fake network: a phone number with a real Signal identity, so that
 * what our client encrypts to it can be decrypted here and what it sends our client is a genuine
 * pre-key message built from the keys our client uploaded.
 */
export class FakePeer {
  readonly jid: string;
  /** Its LID: WhatsApp's number-less address for the same user (Baileys 7 opens sessions by LID). */
  readonly lidJid: string;
  private readonly identity = keyPair();
  private readonly registrationId = Math.floor(Math.random() * 16_000) + 1;
  private readonly signedPreKey: SignalKeyPair;
  private readonly signedPreKeySignature: Buffer;
  private readonly preKey = keyPair();
  private readonly sessions = new Map<string, Uint8Array>();
  private readonly storage: SignalStorage;
  private readonly senderKeys = new Map<string, SenderKeyRecord>();
  // libsignal has no group ciphers; Baileys' own implementation (the one WhatsApp Web mirrors) does it.
  private readonly senderKeyStore = {
    loadSenderKey: async (name: SenderKeyName) => this.senderKeys.get(name.toString()) ?? new SenderKeyRecord(),
    storeSenderKey: async (name: SenderKeyName, record: SenderKeyRecord) => {
      this.senderKeys.set(name.toString(), record);
    },
  };

  constructor(
    readonly number: string,
    readonly name: string,
    lidUser: string,
  ) {
    this.jid = `${number}@s.whatsapp.net`;
    this.lidJid = `${lidUser}@lid`;
    this.signedPreKey = keyPair();
    this.signedPreKeySignature = Buffer.from(Curve.sign(this.identity.privKey, this.signedPreKey.pubKey));
    this.storage = {
      loadSession: async (id) => {
        const s = this.sessions.get(id);
        return s ? SessionRecord.deserialize(s) : undefined;
      },
      storeSession: async (id, record) => {
        this.sessions.set(id, record.serialize());
      },
      isTrustedIdentity: () => true,
      loadPreKey: async (id) => (Number(id) === PRE_KEY_ID ? this.preKey : undefined),
      removePreKey: () => undefined,
      loadSignedPreKey: () => this.signedPreKey,
      getOurRegistrationId: () => this.registrationId,
      getOurIdentity: () => this.identity,
    };
  }

  /** This peer's bundle as the `<user>` of an `encrypt` key-fetch answer. */
  bundleNode(jid: string): BinaryNode {
    return {
      tag: 'user',
      attrs: { jid },
      content: [
        { tag: 'registration', attrs: {}, content: Buffer.from(encodeBigEndian(this.registrationId, 4)) },
        { tag: 'type', attrs: {}, content: Buffer.from([5]) },
        { tag: 'identity', attrs: {}, content: this.identity.pubKey.subarray(1) },
        {
          tag: 'skey',
          attrs: {},
          content: [
            { tag: 'id', attrs: {}, content: Buffer.from(encodeBigEndian(SIGNED_PRE_KEY_ID, 3)) },
            { tag: 'value', attrs: {}, content: this.signedPreKey.pubKey.subarray(1) },
            { tag: 'signature', attrs: {}, content: this.signedPreKeySignature },
          ],
        },
        {
          tag: 'key',
          attrs: {},
          content: [
            { tag: 'id', attrs: {}, content: Buffer.from(encodeBigEndian(PRE_KEY_ID, 3)) },
            { tag: 'value', attrs: {}, content: this.preKey.pubKey.subarray(1) },
          ],
        },
      ],
    };
  }

  /** Encrypts a message to a device of our client, opening a session from its bundle if needed. */
  async encryptTo(
    user: string,
    device: number,
    message: proto.IMessage,
    bundle: () => PreKeyBundle,
  ): Promise<{ type: 'pkmsg' | 'msg'; ciphertext: Buffer }> {
    const address = new ProtocolAddress(user, device);
    if (!this.sessions.has(address.toString())) await new SessionBuilder(this.storage, address).initOutgoing(bundle());
    const plaintext = writeRandomPadMax16(Buffer.from(proto.Message.encode(message).finish()));
    const { type, body } = await new SessionCipher(this.storage, address).encrypt(plaintext);
    return { type: type === 3 ? 'pkmsg' : 'msg', ciphertext: Buffer.from(body, 'binary') };
  }

  /** Decrypts what a device of our client encrypted to this peer, taking in a group sender key it carries. */
  async decryptFrom(user: string, device: number, type: string, ciphertext: Uint8Array): Promise<proto.Message> {
    const address = new ProtocolAddress(user, device);
    const cipher = new SessionCipher(this.storage, address);
    const padded =
      type === 'pkmsg'
        ? await cipher.decryptPreKeyWhisperMessage(ciphertext)
        : await cipher.decryptWhisperMessage(ciphertext);
    const message = proto.Message.decode(unpadRandomMax16(padded));
    const skdm = message.senderKeyDistributionMessage;
    if (skdm?.groupId && skdm.axolotlSenderKeyDistributionMessage) {
      const distribution = new SenderKeyDistributionMessage(
        null,
        null,
        null,
        null,
        skdm.axolotlSenderKeyDistributionMessage,
      );
      await new GroupSessionBuilder(this.senderKeyStore).process(
        new SenderKeyName(skdm.groupId, address),
        distribution,
      );
    }
    return message;
  }

  /** Decrypts a group message (skmsg) of our client with the sender key it distributed earlier. */
  async decryptGroup(groupId: string, user: string, device: number, ciphertext: Uint8Array): Promise<proto.Message> {
    const padded = await new GroupCipher(
      this.senderKeyStore,
      new SenderKeyName(groupId, new ProtocolAddress(user, device)),
    ).decrypt(ciphertext);
    return proto.Message.decode(unpadRandomMax16(padded));
  }
}
