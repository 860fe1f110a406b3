import { chatLink } from '../chat-button/settings.js';

/** The QR generator's constants (spec 2.11.7, 9). */
export const QR_SIZE = 200;
/** The downloaded PNG's side in pixels: sharp enough to print (a 200 px code blurs on paper). */
export const QR_PRINT_SIZE = 1024;
/** The level a code is made at when the link fits it (spec: level H). */
export const QR_LEVEL = 'H';
export const QR_EMPTY = 'Enter a phone number to generate QR code';

/** Error-correction levels, the most robust first. */
export const QR_LEVELS = ['H', 'Q', 'M', 'L'] as const;
export type QrLevel = (typeof QR_LEVELS)[number];

/**
 * The longest link a code holds at each level: version 40 in byte mode (ISO/IEC 18004 table 7). The
 * link is ASCII (the message is URL-encoded), so a plain letter takes 1 byte, a space or a symbol 3,
 * an emoji up to 12.
 */
export const QR_CAPACITY: Readonly<Record<QrLevel, number>> = { H: 1273, Q: 1663, M: 2331, L: 2953 };
/** How much of a code can be damaged and still read, by level. */
export const QR_RECOVERY: Readonly<Record<QrLevel, string>> = { H: '30%', Q: '25%', M: '15%', L: '7%' };
/** The longest link any code holds (level L). */
export const QR_MAX_LINK = QR_CAPACITY.L;

/** The most robust level that holds the link: H when it fits, else Q, M, L; null when none does. */
export function qrLevel(link: string): QrLevel | null {
  return QR_LEVELS.find((level) => link.length <= QR_CAPACITY[level]) ?? null;
}

/** What the generator says under a code made below level H (null at H). */
export function qrLevelNote(level: QrLevel | null): string | null {
  return level && level !== QR_LEVEL
    ? `Too long for level H: this code is made at error-correction level ${level}, which reads with up to ${QR_RECOVERY[level]} of it damaged (H: ${QR_RECOVERY.H}).`
    : null;
}

/** The note beside the message: how much of the code a link uses. */
export function qrCapacity(link: string): string {
  const used = link ? ` (${link.length} used)` : '';
  return `A QR code holds a link of up to ${QR_MAX_LINK} characters, the number and the message together${used}. A space or symbol counts 3, an emoji up to 12.`;
}

/** What is wrong with a link too long for a code at any level, or null when it fits one. */
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
