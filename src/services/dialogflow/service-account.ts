import { z } from 'zod';
import { base64ToBytes } from '../../shared/base64';

/**
 * The fields of a service account's JSON key file that matter here (a Dialogflow integration stores
 * the key; signing in with it is the adapter's: src/adapters/dialogflow/service-account-token.ts).
 */
export const serviceAccountSchema = z.object({
  type: z.literal('service_account', { error: 'credentials: must be a service account key (type "service_account").' }),
  client_email: z.email({ error: 'credentials: client_email is missing.' }),
  private_key: z
    .string({ error: 'credentials: private_key is missing.' })
    .includes('PRIVATE KEY', { error: 'credentials: private_key must be a PEM private key.' }),
  project_id: z.string().optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

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
