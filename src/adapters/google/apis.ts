import { decodeIdToken, Google, OAuth2Client } from 'arctic';
import type { GooglePort } from '../../services/google/port';

/**
 * Google through arctic (the consent URL, and the code and refresh-token calls through its OAuth 2.0
 * client at the configured token endpoint: Google's by default, a local fake in tests) and fetch.
 */
export const googleApis: GooglePort = {
  consentUrl(client, redirectUri, state, verifier, scopes) {
    return new Google(client.id, client.secret, redirectUri).createAuthorizationURL(state, verifier, scopes);
  },
  async exchangeCode(client, redirectUri, code, verifier) {
    const tokens = await new OAuth2Client(client.id, client.secret, redirectUri).validateAuthorizationCode(
      client.tokenUrl,
      code,
      verifier,
    );
    if (!tokens.hasRefreshToken()) throw new Error('Google did not grant offline access.');
    const claims = decodeIdToken(tokens.idToken()) as { email?: string; name?: string };
    if (!claims.email) throw new Error("Google did not share the account's e-mail.");
    return { refreshToken: tokens.refreshToken(), email: claims.email, name: claims.name ?? claims.email };
  },
  async refreshAccessToken(client, refreshToken) {
    const tokens = await new OAuth2Client(client.id, client.secret, null).refreshAccessToken(
      client.tokenUrl,
      refreshToken,
      [],
    );
    return { accessToken: tokens.accessToken(), expiresInSeconds: tokens.accessTokenExpiresInSeconds() };
  },
  async signInClaims(client, redirectUri, code, verifier) {
    const tokens = await new Google(client.id, client.secret, redirectUri).validateAuthorizationCode(code, verifier);
    return decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  },
  send: (url, init) => fetch(url, init),
};
