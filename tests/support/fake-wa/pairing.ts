import { createHmac, randomInt } from 'node:crypto';
import { Curve, getBinaryNodeChild, proto, type BinaryNode, type KeyPair } from 'baileys';

/** What a phone reads from the QR code of a companion: `https://wa.me/settings/linked_devices#ref,noise,identity,adv,platform`. */
export interface ScannedQr {
  ref: string;
  noiseKey: Buffer;
  identityKey: Buffer;
  advSecret: Buffer;
  platform: string;
}

/** Reads a QR string the way the phone's camera does. */
export function readQr(qr: string): ScannedQr {
  const [ref, noise, identity, adv, platform] = qr.slice(qr.indexOf('#') + 1).split(',');
  if (!ref || !noise || !identity || !adv || !platform) throw new Error(`not a WhatsApp pairing QR: ${qr}`);
  return {
    ref,
    noiseKey: Buffer.from(noise, 'base64'),
    identityKey: Buffer.from(identity, 'base64'),
    advSecret: Buffer.from(adv, 'base64'),
    platform,
  };
}

const ACCOUNT_SIG_PREFIX = Buffer.from([6, 0]);
const DEVICE_SIG_PREFIX = Buffer.from([6, 1]);

/**
 * The phone's side of linking: signs the companion's identity key with the account key (as the phone
 * does after a scan) and wraps it with an HMAC keyed by the QR's adv secret, which is exactly what
 * Baileys' `configureSuccessfulPairing` verifies.
 */
export function pairSuccessNode(
  iqId: string,
  qr: ScannedQr,
  account: KeyPair,
  device: { jid: string; lid: string; keyIndex: number },
): BinaryNode {
  const details = Buffer.from(
    proto.ADVDeviceIdentity.encode({
      rawId: randomInt(1, 2 ** 31),
      timestamp: Math.floor(Date.now() / 1000),
      keyIndex: device.keyIndex,
    }).finish(),
  );
  const accountSignature = Curve.sign(account.private, Buffer.concat([ACCOUNT_SIG_PREFIX, details, qr.identityKey]));
  const signed = Buffer.from(
    proto.ADVSignedDeviceIdentity.encode({ details, accountSignatureKey: account.public, accountSignature }).finish(),
  );
  const hmac = createHmac('sha256', qr.advSecret).update(signed).digest();
  return {
    tag: 'iq',
    attrs: { from: 's.whatsapp.net', type: 'set', id: iqId, t: String(Math.floor(Date.now() / 1000)) },
    content: [
      {
        tag: 'pair-success',
        attrs: {},
        content: [
          {
            tag: 'device-identity',
            attrs: {},
            content: Buffer.from(proto.ADVSignedDeviceIdentityHMAC.encode({ details: signed, hmac }).finish()),
          },
          { tag: 'platform', attrs: { name: 'smba' } },
          { tag: 'device', attrs: { jid: device.jid, lid: device.lid } },
        ],
      },
    ],
  };
}

/** Checks the companion's answer: its device signature over the account-signed identity. */
export function verifyPairDeviceSign(reply: BinaryNode, qr: ScannedQr, account: KeyPair): boolean {
  const identityNode = getBinaryNodeChild(getBinaryNodeChild(reply, 'pair-device-sign'), 'device-identity');
  if (!(identityNode?.content instanceof Uint8Array)) return false;
  const signed = proto.ADVSignedDeviceIdentity.decode(identityNode.content);
  if (!signed.details || !signed.deviceSignature) return false;
  const message = Buffer.concat([DEVICE_SIG_PREFIX, signed.details, qr.identityKey, account.public]);
  return Curve.verify(qr.identityKey, message, signed.deviceSignature);
}
