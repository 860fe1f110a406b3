/**
 * Phone numbers the way WhatsApp needs them: country code and national number, digits only. This is
 * the part every tool shares without metadata (the embeddable scripts stay small): cleaning what a
 * person typed, a leading 00 read as the international prefix, and the messages. The console adds
 * country-aware rules with libphonenumber-js (web/lib/phone-numbers.ts) on the same types.
 */
export type PhoneCheck = { ok: true; digits: string } | { ok: false; error: string };
/** Turns what a person typed into the digits to use (country code first), or says what is wrong. */
export type PhoneNormalizer = (typed: string) => PhoneCheck;

export const PHONE_MSG = {
  empty: 'Enter a phone number.',
  chars: 'Use digits only: spaces, dashes, brackets and a leading + or 00 are fine, letters are not.',
  needCountry: 'Start with the country code (e.g. 90 for Turkey, 44 for the UK), not with 0.',
  tooShort: 'This number is too short: enter it with its country code.',
  tooLong: 'This number is too long: a phone number has at most 15 digits with its country code.',
  unknownCountry: (cc: string) => `There is no country with the calling code +${cc}: check the first digits.`,
  tooShortFor: (cc: string) => `This number is too short for +${cc}.`,
  tooLongFor: (cc: string) => `This number is too long for +${cc}.`,
  wrongLengthFor: (cc: string) => `This number has the wrong number of digits for +${cc}.`,
  invalidFor: (cc: string) => `This is not a valid number for +${cc}: check the digits.`,
} as const;

/** The most digits an international number has (ITU-T E.164), and the fewest we take. */
const E164_MAX = 15;
const E164_MIN = 8;

/**
 * What a person typed, cleaned: spaces, dashes, dots, slashes and brackets dropped; `+` or a leading
 * `00` (the international prefix) mark an international number. Null when anything else is in it.
 */
export function cleanTyped(typed: string): { international: boolean; digits: string } | null {
  const text = typed.trim();
  if (!/^\+?[\d\s\-.()/]*$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return { international: true, digits };
  if (digits.startsWith('00')) return { international: true, digits: digits.slice(2) };
  return { international: false, digits };
}

/**
 * A full number with its country code, without metadata: + or 00 dropped, 8 to 15 digits, not
 * starting with 0 (no calling code does). The embeddable tools use it; the console's helper is
 * country-aware on top of it.
 */
export const internationalNumber: PhoneNormalizer = (typed) => {
  if (!typed.trim()) return { ok: false, error: PHONE_MSG.empty };
  const clean = cleanTyped(typed);
  if (!clean) return { ok: false, error: PHONE_MSG.chars };
  if (!clean.digits) return { ok: false, error: PHONE_MSG.empty };
  if (clean.digits.startsWith('0')) return { ok: false, error: PHONE_MSG.needCountry };
  if (clean.digits.length < E164_MIN) return { ok: false, error: PHONE_MSG.tooShort };
  if (clean.digits.length > E164_MAX) return { ok: false, error: PHONE_MSG.tooLong };
  return { ok: true, digits: clean.digits };
};
