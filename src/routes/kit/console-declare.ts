import { htmlBody } from '../../shared/schemas/kit';
import { payload } from '../../middleware/payload';
import { signedIn } from '../../middleware/session';
import { staffOnly } from '../../middleware/staff';
import { ERRORS } from './declare';

type StaffGate = Parameters<typeof staffOnly>[0];

/**
 * What the console backend's declarations share beyond `declare.ts`: its tags, its security
 * requirements and the gates that go with them (`signedInCall`, `signedInBody`, `staffCall`,
 * `staffBody`), HTML pages and redirects.
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
export const HTML = { 'text/html': { schema: htmlBody } } as const;

/** `200` with an HTML page, plus the declared failures. */
export function htmlPage(description = 'The page') {
  return { 200: { description, content: HTML }, ...ERRORS } as const;
}

/** `302` to the Location header with no content, plus the declared failures. */
export function redirect(description: string) {
  return { 302: { description }, ...ERRORS } as const;
}

/** A console call for any signed-in user (the session cookie), with no body. */
export function signedInCall() {
  return { security: SIGNED_IN, middleware: [signedIn] };
}

/** A console call for any signed-in user with a body of at most `maxBytes` (the body middleware's default limit when omitted). */
export function signedInBody(maxBytes?: number) {
  return { security: SIGNED_IN, middleware: [signedIn, payload(maxBytes)] };
}

/** A back-office call (4-admin §6: `admin` lets only admins through, `staff` limited agents too), with no body. */
export function staffCall(level: StaffGate) {
  return { security: SIGNED_IN, middleware: [staffOnly(level)] };
}

/** A back-office call with a body of at most `maxBytes` (the body middleware's default limit when omitted). */
export function staffBody(level: StaffGate, maxBytes?: number) {
  return { security: SIGNED_IN, middleware: [staffOnly(level), payload(maxBytes)] };
}
