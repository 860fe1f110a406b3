import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { errorResponse } from '../../http-errors';

/**
 * How MCP clients learn to authenticate here: with the product token, not OAuth. A 401 from the MCP
 * endpoint carries a `WWW-Authenticate` challenge naming the Bearer scheme (the token as
 * `Authorization: Bearer <token>`, or in `x-api-key`) with no `resource_metadata`, and the OAuth
 * discovery documents answer 404 in the one error shape, so a client shows our message instead of
 * starting an OAuth flow (MCP authorization spec, RFC 9728, RFC 6750).
 */
const MCP_AUTH_HINT =
  "This MCP server does not use OAuth: send the product's API token in the x-api-key header or as Authorization: Bearer <token>. It is on the console's Token page.";

/** The challenge of a refused MCP call (RFC 6750 §3; quotes and backslashes cannot occur in the hint). */
const MCP_CHALLENGE = `Bearer realm="mcp", error="invalid_token", error_description="${MCP_AUTH_HINT}"`;

/** Adds the challenge to the MCP endpoint's 401 (the token middleware's refusal). */
export const mcpChallenge = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status === 401) c.res.headers.set('WWW-Authenticate', MCP_CHALLENGE);
});

/** The OAuth discovery documents an MCP client asks for (with or without the resource's path): none here. */
const DISCOVERY = /^\/\.well-known\/(oauth-protected-resource|oauth-authorization-server|openid-configuration)(\/|$)/;

export const oauthDiscoveryRoutes = new Hono<AppEnv>().all('*', async (c, next) => {
  if (!DISCOVERY.test(c.req.path)) return next();
  return errorResponse(c, 'NOT_FOUND', MCP_AUTH_HINT);
});
