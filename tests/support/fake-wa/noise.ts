import { createCipheriv, createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import { Curve, NOISE_MODE, proto, type KeyPair } from 'baileys';

/**
 * The server half of WhatsApp's Noise_XX_25519_AESGCM_SHA256 handshake and of the framed transport
 * that follows it. Written against node:crypto rather than Baileys' own helpers, so the test checks
 * that the client's side interoperates with an independent implementation.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The intro the client sends once, before its first frame: "WA", protocol 6, dictionary 3. */
const INTRO = Buffer.from([87, 65, 6, 3]);

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

function iv(counter: number): Buffer {
  const out = Buffer.alloc(IV_BYTES);
  out.writeUInt32BE(counter, 8);
  return out;
}

function seal(key: Uint8Array, counter: number, aad: Uint8Array, plaintext: Uint8Array): Buffer {
  const c = createCipheriv('aes-256-gcm', key, iv(counter));
  c.setAAD(aad);
  return Buffer.concat([c.update(plaintext), c.final(), c.getAuthTag()]);
}

function open(key: Uint8Array, counter: number, aad: Uint8Array, ciphertext: Uint8Array): Buffer {
  const d = createDecipheriv('aes-256-gcm', key, iv(counter));
  d.setAAD(aad);
  d.setAuthTag(ciphertext.subarray(ciphertext.length - TAG_BYTES));
  return Buffer.concat([d.update(ciphertext.subarray(0, ciphertext.length - TAG_BYTES)), d.final()]);
}

function hkdf64(ikm: Uint8Array, salt: Uint8Array): [Buffer, Buffer] {
  const out = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.alloc(0), 64));
  return [out.subarray(0, 32), out.subarray(32)];
}

/** The symmetric state both sides keep while handshaking. */
class HandshakeState {
  private hash: Buffer;
  private salt: Buffer;
  private key: Buffer;
  private counter = 0;

  constructor() {
    const mode = Buffer.from(NOISE_MODE);
    this.hash = mode.length === 32 ? mode : sha256(mode);
    this.salt = this.hash;
    this.key = this.hash;
  }

  authenticate(data: Uint8Array): void {
    this.hash = sha256(Buffer.concat([this.hash, data]));
  }

  mix(sharedSecret: Uint8Array): void {
    const [salt, key] = hkdf64(sharedSecret, this.salt);
    this.salt = salt;
    this.key = key;
    this.counter = 0;
  }

  encrypt(plaintext: Uint8Array): Buffer {
    const out = seal(this.key, this.counter++, this.hash, plaintext);
    this.authenticate(out);
    return out;
  }

  decrypt(ciphertext: Uint8Array): Buffer {
    const out = open(this.key, this.counter++, this.hash, ciphertext);
    this.authenticate(ciphertext);
    return out;
  }

  /** The transport keys: the client writes with the first, so the server reads with it. */
  split(): Transport {
    const [clientWrite, serverWrite] = hkdf64(Buffer.alloc(0), this.salt);
    return new Transport(serverWrite, clientWrite);
  }
}

/** AES-GCM with a counter nonce per direction, as after the handshake. */
export class Transport {
  private readCounter = 0;
  private writeCounter = 0;

  constructor(
    private readonly writeKey: Buffer,
    private readonly readKey: Buffer,
  ) {}

  encrypt(plaintext: Uint8Array): Buffer {
    return seal(this.writeKey, this.writeCounter++, Buffer.alloc(0), plaintext);
  }

  decrypt(ciphertext: Uint8Array): Buffer {
    return open(this.readKey, this.readCounter++, Buffer.alloc(0), ciphertext);
  }
}

/** Splits the byte stream into frames (3-byte big-endian length + body), dropping the client's intro. */
export class FrameReader {
  private buffer = Buffer.alloc(0);
  private sawIntro = false;

  push(chunk: Buffer): Buffer[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    if (!this.sawIntro) {
      if (this.buffer.length < INTRO.length) return [];
      if (!this.buffer.subarray(0, INTRO.length).equals(INTRO))
        throw new Error('the client did not open with the WA intro');
      this.buffer = this.buffer.subarray(INTRO.length);
      this.sawIntro = true;
    }
    const frames: Buffer[] = [];
    while (this.buffer.length >= 3) {
      const size = (this.buffer[0]! << 16) | (this.buffer[1]! << 8) | this.buffer[2]!;
      if (this.buffer.length < size + 3) break;
      frames.push(this.buffer.subarray(3, size + 3));
      this.buffer = this.buffer.subarray(size + 3);
    }
    return frames;
  }
}

/** A frame as the server writes it: length prefix, no intro. */
export function frame(body: Uint8Array): Buffer {
  const out = Buffer.alloc(3 + body.length);
  out.writeUIntBE(body.length, 0, 3);
  out.set(body, 3);
  return out;
}

/** What the handshake tells the server about the client. */
export interface ClientHello {
  /** The client's long-term noise key (the one its QR code carries). */
  staticKey: Buffer;
  payload: proto.ClientPayload;
  transport: Transport;
}

/**
 * Runs the server's side: answers the client hello with our ephemeral and static keys and the
 * certificate chain, then reads the client's static key and login/registration payload.
 */
export class ServerHandshake {
  private readonly state = new HandshakeState();
  private readonly ephemeral: KeyPair = Curve.generateKeyPair();
  private clientEphemeral = Buffer.alloc(0);

  constructor(
    private readonly staticKey: KeyPair,
    private readonly certChain: Uint8Array,
  ) {
    this.state.authenticate(INTRO);
  }

  /** The server hello for the client's first frame. */
  hello(clientFrame: Uint8Array): Buffer {
    const clientEphemeral = proto.HandshakeMessage.decode(clientFrame).clientHello?.ephemeral;
    if (!clientEphemeral?.length) throw new Error('expected a client hello');
    this.clientEphemeral = Buffer.from(clientEphemeral);
    this.state.authenticate(this.clientEphemeral);
    this.state.authenticate(this.ephemeral.public);
    this.state.mix(Curve.sharedKey(this.ephemeral.private, this.clientEphemeral));
    const encStatic = this.state.encrypt(this.staticKey.public);
    this.state.mix(Curve.sharedKey(this.staticKey.private, this.clientEphemeral));
    const encPayload = this.state.encrypt(this.certChain);
    return Buffer.from(
      proto.HandshakeMessage.encode({
        serverHello: { ephemeral: this.ephemeral.public, static: encStatic, payload: encPayload },
      }).finish(),
    );
  }

  /** Reads the client finish and switches to transport keys. */
  finish(clientFrame: Uint8Array): ClientHello {
    const fin = proto.HandshakeMessage.decode(clientFrame).clientFinish;
    if (!fin?.static || !fin.payload) throw new Error('expected a client finish');
    const staticKey = this.state.decrypt(fin.static);
    this.state.mix(Curve.sharedKey(this.ephemeral.private, staticKey));
    const payload = proto.ClientPayload.decode(this.state.decrypt(fin.payload));
    return { staticKey, payload, transport: this.state.split() };
  }
}
