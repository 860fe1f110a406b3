import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { EngineError, type MediaInput } from '../../engines/types';
import { MEDIA_MAX_BYTES } from '../../services/messages/media';
import { storedType } from '../../services/messages/media-types';
import { isBlockedIp } from '../../services/webhooks/ip-ranges';
import { guardedLookup } from '../http/guarded-lookup';

const MEDIA_FETCH_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 3;

const EXT_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The MIME type of a file name, by extension. */
function mimeOf(name: string): string | undefined {
  return EXT_MIME[name.split('.').pop()?.toLowerCase() ?? ''];
}

function get(
  url: URL,
  allowPrivate: boolean,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        timeout: MEDIA_FETCH_TIMEOUT_MS,
        lookup: guardedLookup(allowPrivate),
        headers: { 'user-agent': 'Wapi-Media/1.0' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MEDIA_MAX_BYTES) {
            req.destroy(new EngineError('INVALID', `The media is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: new Uint8Array(Buffer.concat(chunks)) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new EngineError('TRANSIENT', 'Downloading the media timed out.')));
    req.on('error', reject);
    req.end();
  });
}

/** The file name at the end of a URL path, decoded when its percent-encoding is well formed. */
export function fileNameOf(pathname: string): string {
  const last = pathname.split('/').pop() || 'file';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A URL, or a permanent failure: retrying cannot make a malformed address valid. */
function parseUrl(raw: string, base?: URL): URL {
  try {
    return new URL(raw, base);
  } catch {
    throw new EngineError('INVALID', 'The media URL is not a valid URL.');
  }
}

/**
 * Downloads a message's media from the customer's URL. Internal addresses are refused at connect
 * time (outside development); redirects are followed up to 3 times, each hop checked again.
 */
export async function fetchMedia(raw: string, opts: { allowPrivate: boolean; filename?: string }): Promise<MediaInput> {
  let url = parseUrl(raw);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new EngineError('INVALID', 'The media URL must be http or https.');
    if (!opts.allowPrivate && isBlockedIp(url.hostname.replace(/^\[|\]$/g, '')) === true)
      throw new EngineError('INVALID', 'The media URL points to a private address.');
    let res;
    try {
      res = await get(url, opts.allowPrivate);
    } catch (err) {
      if (err instanceof EngineError) throw err;
      const msg = err instanceof Error ? err.message : String(err);
      throw new EngineError(
        msg.startsWith('refused') ? 'INVALID' : 'TRANSIENT',
        `Could not download the media: ${msg}`,
      );
    }
    if (res.status >= 300 && res.status < 400 && typeof res.headers.location === 'string') {
      url = parseUrl(res.headers.location, url);
      continue;
    }
    if (res.status >= 500 || res.status === 429)
      throw new EngineError('TRANSIENT', `Could not download the media: HTTP ${res.status}.`);
    if (res.status !== 200) throw new EngineError('INVALID', `Could not download the media: HTTP ${res.status}.`);
    const name = opts.filename ?? fileNameOf(url.pathname);
    const header = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    // A declared active type (HTML, SVG, script...) travels and is stored as application/octet-stream.
    const mime = storedType((header && header !== 'application/octet-stream' ? header : undefined) ?? mimeOf(name));
    return { data: res.body, mime, filename: name };
  }
  throw new EngineError('INVALID', 'The media URL redirects too many times.');
}
