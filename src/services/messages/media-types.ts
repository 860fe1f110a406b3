/**
 * What stored media may be, and how it is served. Media is tenant-supplied bytes (a data URI, a
 * downloaded URL, a file a WhatsApp contact or an agent sent): whatever type it declares, it must
 * never run as a page or a script of ours.
 */

/** The type anything not known to be passive is stored and served as. */
const OPAQUE_TYPE = 'application/octet-stream';

/** Shown in the browser (`inline`): images other than SVG, common audio and video. Nothing else. */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'audio/ogg',
  'audio/mp4',
  'audio/aac',
  'audio/wav',
  'audio/webm',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/3gpp',
  'video/quicktime',
]);

/**
 * Stored as declared: formats no browser runs (the inline ones, other images, audio and video, PDF,
 * plain text, office documents, archives). Everything else (HTML, XHTML, SVG, any XML, JavaScript,
 * CSS, JSON, unknown types) is stored as application/octet-stream and served as a download.
 */
const STORED_TYPES: ReadonlySet<string> = new Set([
  ...INLINE_TYPES,
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/avif',
  'audio/amr',
  'audio/3gpp',
  'audio/flac',
  'audio/opus',
  'video/mpeg',
  'video/x-matroska',
  'application/pdf',
  'text/plain',
  'text/csv',
  'text/vcard',
  'text/x-vcard',
  'text/calendar',
  'application/rtf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/zip',
  'application/x-zip-compressed',
  'application/vnd.rar',
  'application/x-rar-compressed',
  'application/x-7z-compressed',
  'application/gzip',
  'application/x-tar',
  OPAQUE_TYPE,
]);

/** Common spellings of a stored type. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
};

/**
 * The type media is stored (and served) as: the declared type without parameters, in lower case,
 * when it is a passive one; application/octet-stream otherwise (`Text/HTML; charset=utf-8` included).
 */
export function storedType(declared: string | null | undefined): string {
  const bare = String(declared ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const type = ALIASES[bare] ?? bare;
  return STORED_TYPES.has(type) ? type : OPAQUE_TYPE;
}

/** The policy of every answer that serves stored bytes: nothing in it runs, loads or submits. */
const MEDIA_CSP = "sandbox; default-src 'none'";

/** Headers every answer serving stored bytes carries (success or not), whatever else sets. */
export const PASSIVE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': MEDIA_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** `inline` for the inline types, `attachment` for the rest; the name in ASCII and in UTF-8 (RFC 6266). */
function contentDisposition(type: string, filename: string): string {
  const name =
    filename.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd') || 'file';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${INLINE_TYPES.has(type) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** The headers of a stored file's answer: its passive type, disposition and the passive policy. */
export function mediaHeaders(m: { mime: string; filename: string }, size: number): Record<string, string> {
  const type = storedType(m.mime);
  return {
    ...PASSIVE_HEADERS,
    'content-type': type,
    'content-length': String(size),
    'content-disposition': contentDisposition(type, m.filename),
    'cache-control': 'private, max-age=86400, immutable',
  };
}

/** Where media links point: MEDIA_ORIGIN when set, else the app's own base URL. */
export function mediaBase(config: { MEDIA_ORIGIN?: string | undefined; publicUrl: string }): string {
  return config.MEDIA_ORIGIN ?? config.publicUrl;
}
