import type { Config } from '../../config';
import { ApiError } from '../../errors';
import { GOOGLE_NOT_CONFIGURED } from '../../shared/google-messages';
import type { ServiceCtx } from '../context';
import type { GoogleClient, GoogleCtx, GooglePort, LinkedTokens } from './port';

/**
 * The Google account a product links for the Sheets sender and Contacts: the consent URL, the code
 * and refresh-token calls go through the Google port (src/adapters/google/) at the configured token
 * endpoint (Google's by default, a local fake in tests).
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

type GoogleConfig = Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_OAUTH_URL'>;

function client(config: GoogleConfig): GoogleClient {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET)
    throw new ApiError('NOT_CONFIGURED', GOOGLE_NOT_CONFIGURED);
  return {
    id: config.GOOGLE_CLIENT_ID,
    secret: config.GOOGLE_CLIENT_SECRET,
    tokenUrl: `${config.GOOGLE_OAUTH_URL.replace(/\/+$/, '')}/token`,
  };
}

/** The Google adapter the app handed over. */
export function googlePort(ctx: Pick<ServiceCtx, 'google'>): GooglePort {
  if (!ctx.google) throw new ApiError('NOT_CONFIGURED', GOOGLE_NOT_CONFIGURED);
  return ctx.google;
}

/** Google's consent page for the integrations' scopes, asking for a refresh token (offline access). */
export function consentUrl(ctx: GoogleCtx, redirectUri: string, state: string, verifier: string): string {
  const app = client(ctx.config);
  const url = googlePort(ctx).consentUrl(app, redirectUri, state, verifier, GOOGLE_SCOPES);
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  return url.toString();
}

/** Trades the consent's code for the refresh token and the account's e-mail and name. */
export async function exchangeCode(
  ctx: GoogleCtx,
  redirectUri: string,
  code: string,
  verifier: string,
): Promise<LinkedTokens> {
  const app = client(ctx.config);
  return googlePort(ctx).exchangeCode(app, redirectUri, code, verifier);
}

/** An access token for a linked account, kept in ctx.cache.googleTokens until shortly before it expires. */
export async function accessTokenFor(
  ctx: Pick<ServiceCtx, 'cache' | 'config' | 'google' | 'now'>,
  refreshToken: string,
): Promise<string> {
  const nowMs = ctx.now();
  const cached = ctx.cache.googleTokens.get(refreshToken);
  if (cached && cached.until > nowMs) return cached.value;
  const app = client(ctx.config);
  const tokens = await googlePort(ctx).refreshAccessToken(app, refreshToken);
  ctx.cache.googleTokens.set(refreshToken, {
    value: tokens.accessToken,
    until: nowMs + tokens.expiresInSeconds * 1000 - EXPIRY_MARGIN_MS,
  });
  return tokens.accessToken;
}
