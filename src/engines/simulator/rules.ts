import { digits } from '../../shared/jid';

export { digits, isGroupJid } from '../../shared/jid';

/**
 * The simulated network's deterministic rules, so that demos and tests know what to expect:
 * - a number exists on WhatsApp when it has 8 to 15 digits and does not end in 0;
 * - an existing number has a profile picture when its last digit is even;
 * - an existing number reads what it gets (ack "seen") when its last digit is odd, and plays voice notes;
 * - an existing number ending in 7 answers every text with "Echo: <text>";
 * - a group whose name starts with "[suspended]" is suspended by the network.
 * Numbers linked to our own simulated phones always exist and receive real messages.
 */
export const SIM_RULES = {
  exists: (number: string) => /^\d{8,15}$/.test(number) && !number.endsWith('0'),
  hasPicture: (number: string) => SIM_RULES.exists(number) && Number(number.at(-1)) % 2 === 0,
  reads: (number: string) => SIM_RULES.exists(number) && Number(number.at(-1)) % 2 === 1,
  echoes: (number: string) => SIM_RULES.exists(number) && number.endsWith('7'),
  suspended: (groupName: string) => groupName.startsWith('[suspended]'),
  name: (number: string) => `Sim User ${number.slice(-4)}`,
} as const;

export function userJid(number: string): string {
  return `${digits(number)}@c.us`;
}

const PAIR_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTVWXYZ';

/** An 8-character pairing code in WhatsApp's alphabet. */
export function pairingCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => PAIR_ALPHABET[b % PAIR_ALPHABET.length]!).join('');
}

/** Pairing codes are typed by people: ignore case, dashes and spaces. */
export function normalizePairingCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

function b64(bytes: number): string {
  let s = '';
  for (const b of crypto.getRandomValues(new Uint8Array(bytes))) s += String.fromCharCode(b);
  return btoa(s);
}

/** A QR payload shaped like WhatsApp Web's: `2@ref,noiseKey,identityKey,advSecret`. */
export function simQrString(): string {
  return `2@${b64(48).replace(/=+$/, '')},${b64(32)},${b64(32)},${b64(32)}`;
}

/**
 * The number a simulated phone links as when the scan does not name one: first one derived from the
 * phone's id (predictable for demos), then, when another account took that, random ones.
 */
export function defaultSimNumber(phoneId: number, attempt = 0): string {
  if (attempt === 0) return `90555${String(phoneId).padStart(7, '0')}`;
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return `90556${String(a! % 1_000_000).padStart(6, '0')}${1 + (b! % 9)}`;
}
