import type { ServiceCtx } from '../context';

/** What linking an account keeps: its refresh token, and who it is. */
export interface LinkedTokens {
  refreshToken: string;
  email: string;
  name: string;
}

/** This app's OAuth client at Google and the token endpoint it trades codes and refresh tokens at. */
export interface GoogleClient {
  id: string;
  secret: string;
  tokenUrl: string;
}

/**
 * The Google port: the OAuth 2.0 calls of a linked account and its API requests. The adapter
 * (src/adapters/google/, arctic for OAuth and fetch for the APIs) is handed over on `ServiceCtx.google`.
 */
export interface GooglePort {
  /** Google's consent page for `scopes` (PKCE); makes no call. */
  consentUrl(client: GoogleClient, redirectUri: string, state: string, verifier: string, scopes: string[]): URL;
  /** Trades the consent's code for the refresh token and the account's e-mail and name. */
  exchangeCode(client: GoogleClient, redirectUri: string, code: string, verifier: string): Promise<LinkedTokens>;
  /** A new access token for a refresh token, and how long it lasts. */
  refreshAccessToken(
    client: GoogleClient,
    refreshToken: string,
  ): Promise<{ accessToken: string; expiresInSeconds: number }>;
  /** Sign-in with Google: trades the consent's code at Google's token endpoint for the ID token's claims. */
  signInClaims(
    client: GoogleClient,
    redirectUri: string,
    code: string,
    verifier: string,
  ): Promise<Record<string, unknown>>;
  /** One request to a Google API (the caller sets the bearer token). */
  send(url: string, init: RequestInit): Promise<Response>;
}

declare module '../context' {
  interface ServiceCtx {
    /** The Google adapter, handed over by the app (src/app.ts); absent where no Google call is made (jobs, runners). */
    google?: GooglePort;
  }
}

/** The parts of a ServiceCtx the Google calls use. */
export type GoogleCtx = Pick<ServiceCtx, 'config' | 'google'>;
