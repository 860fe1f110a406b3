import { chatLink } from '../chat-button/settings.js';

/** The QR generator's constants (spec 2.11.7, 9). */
export const QR_SIZE = 200;
/** The downloaded PNG's side in pixels: sharp enough to print (a 200 px code blurs on paper). */
export const QR_PRINT_SIZE = 1024;
export const QR_LEVEL = 'H';
export const QR_EMPTY = 'Enter a phone number to generate QR code';

/**
 * The longest link a code at level H holds: 1273 bytes (version 40, byte mode). The link is ASCII
 * (the message is URL-encoded), so a plain letter takes 1, a space or a symbol 3, an emoji up to 12.
 */
export const QR_MAX_LINK = 1273;

/** The note beside the message: how much of the code a link uses. */
export function qrCapacity(link: string): string {
  const used = link ? ` (${link.length} used)` : '';
  return `A QR code holds a link of up to ${QR_MAX_LINK} characters, the number and the message together${used}. A space or symbol counts 3, an emoji up to 12.`;
}

/** What is wrong with a link too long for a code, or null when it fits. */
export function qrTooLong(link: string): string | null {
  const over = link.length - QR_MAX_LINK;
  return over > 0
    ? `The message is too long for a QR code: shorten it by about ${over} character${over === 1 ? '' : 's'} (the link is ${link.length}, at most ${QR_MAX_LINK} fit).`
    : null;
}

/** The link the code holds: wa.me with the digits and the optional URL-encoded message. */
export function qrLink(phone: string, message: string): string {
  return chatLink(phone, message.trim() ? message : undefined);
}

/** The downloaded PNG's name. */
export function qrFileName(phone: string): string {
  return `WhatsApp-QR-${phone.replace(/\D/g, '')}.png`;
}
