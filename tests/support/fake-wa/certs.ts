import { Curve, proto, WA_CERT_DETAILS, type KeyPair } from 'baileys';

/**
 * The noise certificate chain the fake server presents. Baileys checks that the intermediate is
 * signed by WhatsApp's long-term root key (`WA_CERT_DETAILS.PUBLIC_KEY`), that its issuer serial is
 * `WA_CERT_DETAILS.SERIAL`, and that the leaf is signed by the intermediate. Nobody outside WhatsApp
 * holds the root's private key, so the fake uses a root of its own and, for the duration of a test,
 * makes the Baileys module in this process trust that root instead (`trustFakeRoot`).
 */
export interface FakeCertificates {
  root: KeyPair;
  /** The encoded CertChain sent in the server hello. */
  chain: Uint8Array;
}

function signed(details: Uint8Array, by: KeyPair) {
  return { details, signature: Curve.sign(by.private, details) };
}

/** A root, an intermediate and a leaf for the server's static key. */
export function makeCertificates(serverStatic: KeyPair): FakeCertificates {
  const root = Curve.generateKeyPair();
  const intermediate = Curve.generateKeyPair();
  const intermediateDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: 1,
    issuerSerial: WA_CERT_DETAILS.SERIAL,
    key: intermediate.public,
  }).finish();
  const leafDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: 2,
    issuerSerial: 1,
    key: serverStatic.public,
  }).finish();
  const chain = proto.CertChain.encode({
    intermediate: signed(intermediateDetails, root),
    leaf: signed(leafDetails, intermediate),
  }).finish();
  return { root, chain };
}

/** Makes this process's Baileys accept certificates issued by `root`; returns the undo. */
export function trustFakeRoot(root: KeyPair): () => void {
  const original = WA_CERT_DETAILS.PUBLIC_KEY;
  WA_CERT_DETAILS.PUBLIC_KEY = Buffer.from(root.public);
  return () => {
    WA_CERT_DETAILS.PUBLIC_KEY = original;
  };
}
