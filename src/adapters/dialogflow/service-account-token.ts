import { bytesToBase64 } from '../../shared/base64';
import type { Timed } from '../../services/cache';
import { importPrivateKey } from '../../services/dialogflow/service-account';
import type { ServiceAccount } from '../../shared/schemas/integrations';

/*
 * Google service-account sign-in with WebCrypto only (Workers have no Node crypto): a JWT signed
 * RS256 with the account's private key is exchanged at the token endpoint for an access token
 * (Google's "OAuth 2.0 for server to server applications"), kept until shortly before it expires.
 */

/** The scope a Dialogflow agent's calls need. */
export const DIALOGFLOW_SCOPE = 'https://www.googleapis.com/auth/dialogflow';
/** A token is used until this long before its expiry, so a request never carries one that lapses in flight. */
const EXPIRY_MARGIN_MS = 60_000;

function base64url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function jsonPart(value: unknown): string {
  return base64url(new TextEncoder().encode(JSON.stringify(value)));
}

/** The signed assertion of the JWT bearer grant. */
async function signAssertion(account: ServiceAccount, audience: string, scope: string, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const unsigned = `${jsonPart({ alg: 'RS256', typ: 'JWT' })}.${jsonPart({ iss: account.client_email, scope, aud: audience, iat, exp: iat + 3600 })}`;
  const key = await importPrivateKey(account.private_key);
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(unsigned));
  return `${unsigned}.${base64url(new Uint8Array(signature))}`;
}

/** Access tokens by endpoint, account and scope, each until shortly before it expires (the adapter owns one). */
export type TokenCache = Map<string, Timed<string>>;

/** An access token for the account, from the cache while it is valid, else from the token endpoint. */
export async function accessToken(
  tokens: TokenCache,
  account: ServiceAccount,
  tokenUrl: string,
  scope: string,
  nowMs: number,
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const cacheKey = `${tokenUrl} ${account.client_email} ${scope}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.until > nowMs) return cached.value;
  const assertion = await signAssertion(account, tokenUrl, scope, nowMs);
  const res = await fetcher(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  const body = (await res.json().catch(() => ({}))) as {
    access_token?: string;
    expires_in?: number;
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !body.access_token) {
    throw new Error(
      `Google sign-in of ${account.client_email} failed: ${body.error_description ?? body.error ?? `HTTP ${res.status}`}`,
    );
  }
  tokens.set(cacheKey, {
    value: body.access_token,
    until: nowMs + (body.expires_in ?? 3600) * 1000 - EXPIRY_MARGIN_MS,
  });
  return body.access_token;
}
