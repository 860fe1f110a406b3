import { ApiError } from '../../errors';
import { isBlockedIp } from './ip-ranges';
import type { ResolveHost } from './port';

const WEBHOOK_URL_MAX = 2_000;
const INTERNAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home|corp)$/i;

class BlockedUrlError extends ApiError {
  constructor(message: string) {
    super('VALIDATION', message, { fields: { webhook: message } });
  }
}

/**
 * Refuses webhook URLs that point inside our network: not http(s), credentials in the URL, internal
 * names, IP literals in private/loopback/link-local/metadata ranges (in any encoding the URL parser
 * understands), and names that resolve to such addresses. Development mode allows everything, so
 * local receivers work.
 */
export async function checkWebhookUrl(
  raw: string,
  opts: { allowPrivate: boolean; resolve: ResolveHost },
): Promise<URL> {
  if (raw.length > WEBHOOK_URL_MAX)
    throw new BlockedUrlError(`The webhook URL can be at most ${WEBHOOK_URL_MAX} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError('The webhook is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BlockedUrlError('The webhook must be an http:// or https:// URL.');
  if (url.username || url.password)
    throw new BlockedUrlError('The webhook URL must not contain a user name or password.');
  if (opts.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isBlockedIp(host);
  if (literal === true)
    throw new BlockedUrlError('The webhook must not point to a private, loopback or link-local address.');
  if (literal === false) return url;
  if (INTERNAL_NAMES.test(host) || !host.includes('.'))
    throw new BlockedUrlError('The webhook must be a public host name.');
  let addresses: string[];
  try {
    addresses = await opts.resolve(host);
  } catch {
    throw new BlockedUrlError(`The webhook host ${host} could not be resolved.`);
  }
  if (addresses.length === 0) throw new BlockedUrlError(`The webhook host ${host} could not be resolved.`);
  if (addresses.some((a) => isBlockedIp(a) !== false))
    throw new BlockedUrlError('The webhook host resolves to a private, loopback or link-local address.');
  return url;
}
