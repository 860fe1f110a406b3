import { base64ToBytes } from '../../shared/base64';

/** Imports a PKCS#8 PEM key for RS256 signing; throws when it is not one. */
export async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const body = pem
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '')
    .replace(/\\n/g, '')
    .replace(/\s+/g, '');
  return crypto.subtle.importKey(
    'pkcs8',
    new Uint8Array(base64ToBytes(body)),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}
