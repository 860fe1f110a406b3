import { chatLink } from '../chat-button/settings.js';

/** The QR generator's constants (spec 2.11.7, 9). */
export const QR_SIZE = 200;
export const QR_LEVEL = 'H';
export const QR_EMPTY = 'Enter a phone number to generate QR code';

/** The link the code holds: wa.me with the digits and the optional URL-encoded message. */
export function qrLink(phone: string, message: string): string {
  return chatLink(phone, message.trim() ? message : undefined);
}

/** The downloaded PNG's name. */
export function qrFileName(phone: string): string {
  return `WhatsApp-QR-${phone.replace(/\D/g, '')}.png`;
}
