import { decodeIdToken, Google, OAuth2Client } from 'arctic';
import type { Config } from '../../config';
import { ApiError } from '../../errors';
import { GOOGLE_NOT_CONFIGURED } from '../../shared/google-messages';
import type { Timed } from '../cache';

/**
 * The Google account a product links for the Sheets sender and Contacts: arctic's Google client
 * makes the consent URL; the code and refresh-token calls go through arctic's OAuth 2.0 client at
 * the configured token endpoint (Google's by default, a local fake in tests).
 */

const GOOGLE_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/spreadsheets',
  'https://www.googleapis.com/auth/contacts',
];
/** The callback of the integrations' consent, below the console's public address. */
export const GOOGLE_INTEGRATION_CALLBACK = '/api/integrations/google/callback';
/** A token is used until this long before its expiry. */
const EXPIRY_MARGIN_MS = 60_000;

export interface LinkedTokens {
  refreshToken: string;
  email: string;
  name: string;
}

type GoogleConfig = Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_OAUTH_URL'>;

function credentials(config: GoogleConfig): { id: string; secret: string } {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET)
    throw new ApiError('NOT_CONFIGURED', GOOGLE_NOT_CONFIGURED);
  return { id: config.GOOGLE_CLIENT_ID, secret: config.GOOGLE_CLIENT_SECRET };
}

function tokenUrl(config: GoogleConfig): string {
  return `${config.GOOGLE_OAUTH_URL.replace(/\/+$/, '')}/token`;
}

/** Google's consent page for the integrations' scopes, asking for a refresh token (offline access). */
export function consentUrl(config: GoogleConfig, redirectUri: string, state: string, verifier: string): string {
  const { id, secret } = credentials(config);
  const url = new Google(id, secret, redirectUri).createAuthorizationURL(state, verifier, GOOGLE_SCOPES);
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  return url.toString();
}

/** Trades the consent's code for the refresh token and the account's e-mail and name. */
export async function exchangeCode(
  config: GoogleConfig,
  redirectUri: string,
  code: string,
  verifier: string,
): Promise<LinkedTokens> {
  const { id, secret } = credentials(config);
  const tokens = await new OAuth2Client(id, secret, redirectUri).validateAuthorizationCode(
    tokenUrl(config),
    code,
    verifier,
  );
  if (!tokens.hasRefreshToken()) throw new Error('Google did not grant offline access.');
  const claims = decodeIdToken(tokens.idToken()) as { email?: string; name?: string };
  if (!claims.email) throw new Error("Google did not share the account's e-mail.");
  return { refreshToken: tokens.refreshToken(), email: claims.email, name: claims.name ?? claims.email };
}

/** An access token for a linked account, kept in `cache` (ctx.cache.googleTokens) until shortly before it expires. */
export async function accessTokenFor(
  cache: Map<string, Timed<string>>,
  config: GoogleConfig,
  refreshToken: string,
  nowMs: number,
): Promise<string> {
  const cached = cache.get(refreshToken);
  if (cached && cached.until > nowMs) return cached.value;
  const { id, secret } = credentials(config);
  const tokens = await new OAuth2Client(id, secret, null).refreshAccessToken(tokenUrl(config), refreshToken, []);
  cache.set(refreshToken, {
    value: tokens.accessToken(),
    until: nowMs + tokens.accessTokenExpiresInSeconds() * 1000 - EXPIRY_MARGIN_MS,
  });
  return tokens.accessToken();
}
