import { ApiError } from '../../errors';
import { base64ToBytes, bytesToBase64 } from '../../shared/base64';
import type { ServiceCtx } from '../context';
import type { SecretBox } from '../cache';

/**
 * Credentials at rest (Dialogflow service accounts, Google refresh tokens) are sealed with AES-GCM
 * through WebCrypto, so the same code runs on Node and Workers. The key is the SHA-256 of
 * `SECRETS_KEY`; each sealed value carries its own random IV and is bound to what it belongs to
 * (the additional data), so a sealed value copied to another row does not open there.
 */

export const SECRETS_NOT_CONFIGURED = 'Integrations are not available: SECRETS_KEY is not set on this server.';
const VERSION = 'v1';

export type { SecretBox };

const encoder = new TextEncoder();

async function makeBox(secret: string): Promise<SecretBox> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(secret));
  const key = await crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return {
    async seal(plain, boundTo) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(boundTo) },
        key,
        encoder.encode(plain),
      );
      return `${VERSION}.${bytesToBase64(iv)}.${bytesToBase64(new Uint8Array(sealed))}`;
    },
    async open(sealed, boundTo) {
      const [version, iv, data] = sealed.split('.');
      if (version !== VERSION || !iv || !data) throw new Error('not a sealed value');
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: new Uint8Array(base64ToBytes(iv)), additionalData: encoder.encode(boundTo) },
        key,
        new Uint8Array(base64ToBytes(data)),
      );
      return new TextDecoder().decode(plain);
    },
  };
}

/** The box for a key (deriving the key costs a digest and an import: the server's is kept on ctx.cache). */
export function secretBox(secret: string): Promise<SecretBox> {
  return makeBox(secret);
}

/** The server's box; 501 when no SECRETS_KEY is configured (a Worker must have one set). */
export function serverBox(ctx: Pick<ServiceCtx, 'config' | 'cache'>): Promise<SecretBox> {
  if (!ctx.config.SECRETS_KEY) throw new ApiError('NOT_CONFIGURED', SECRETS_NOT_CONFIGURED);
  ctx.cache.secretBox ??= secretBox(ctx.config.SECRETS_KEY);
  return ctx.cache.secretBox;
}
