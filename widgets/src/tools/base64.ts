/** The Base64 encoder's rules (spec 2.11.1): what it takes, and the messaging API's media limit. */

/** Files the encoder takes. */
export const BASE64_ACCEPT = 'image/*,video/*,audio/*';

/**
 * The largest media the messaging API's send call takes: 16 MB (MEDIA_MAX_BYTES of the server, which
 * this package does not import; a unit test keeps the two equal). A larger file's data URI would be
 * refused there, so the encoder says so before reading it.
 */
export const BASE64_MAX_BYTES = 16 * 1024 * 1024;

export const BASE64_WRONG_TYPE = 'Please choose an image, video or audio file.';

/** A size in MB to one decimal, rounded up (so a file just past the limit never reads as the limit). */
const mb = (bytes: number) => `${(Math.ceil(bytes / 1024 / 102.4) / 10).toLocaleString('en')} MB`;

/** Why a file is not encoded, or null when it is an image, video or audio file the API takes. */
export function base64Problem(file: { type: string; size: number }): string | null {
  if (!/^(image|video|audio)\//.test(file.type)) return BASE64_WRONG_TYPE;
  if (file.size > BASE64_MAX_BYTES)
    return `This file is ${mb(file.size)}, larger than ${mb(BASE64_MAX_BYTES)}, the messaging API's media limit: it is not encoded. Choose a smaller file.`;
  return null;
}
