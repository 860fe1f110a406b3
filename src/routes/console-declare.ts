import { z } from 'zod';
import { ERRORS } from './declare';

/**
 * What the console backend's declarations share beyond `declare.ts`: its tags, its security
 * requirements, HTML pages and redirects.
 */

/** Tags of the console document. */
export const CONSOLE_TAGS = {
  account: 'Account',
  product: 'Product',
  partner: 'Partner',
  simulator: 'Simulator',
  server: 'Server',
  pages: 'Pages',
  tools: 'Free tools',
  billing: 'Subscriptions',
  sandbox: 'Sandbox billing',
  agents: 'Agents',
  live: 'Live chat',
  analytics: 'Analytics',
  staff: 'Back-office',
  integrations: 'Integrations',
} as const;

/** Calls that need the console session cookie. */
export const SIGNED_IN: Record<string, string[]>[] = [{ SessionCookie: [] }];
/** Calls authenticated by the product's API token. */
export const BY_TOKEN: Record<string, string[]>[] = [{ ApiKeyAuth: [] }, { TokenQuery: [] }];

/** An HTML page as a response's content. */
export const HTML = { 'text/html': { schema: z.string().meta({ description: 'An HTML page' }) } } as const;

/** `200` with an HTML page, plus the declared failures. */
export function htmlPage(description = 'The page') {
  return { 200: { description, content: HTML }, ...ERRORS } as const;
}

/** `302` to the Location header with no content, plus the declared failures. */
export function redirect(description: string) {
  return { 302: { description }, ...ERRORS } as const;
}
