/**
 * The one helper for every phone number a person types in the console (the chat button generator,
 * the QR generator, the number checkers, the test message, connecting with a phone number, contacts)
 * and in the embeddable QR generator:
 * libphonenumber-js with its smallest ('min') metadata, country-aware. A national number typed with a
 * country loses its trunk 0 where the country dials one (Turkey's 0555… is +90 555…) and keeps it where
 * the 0 is part of the number (Italy's 06… is +39 06…); + or a leading 00 make it international.
 * The console's Vite build puts it in its own chunk (vite.config.ts), loaded only with the pages that
 * use it; the widget package builds it as dist/phone-numbers.js, which tools.js imports only when it
 * mounts a QR generator or a vCard maker (its own budget, so tools.js stays small).
 */
import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type ParseError,
} from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { cleanTyped, internationalNumber, PHONE_MSG, type PhoneCheck, type PhoneNormalizer } from './tools/phone.js';

export { PHONE_MSG, type PhoneCheck, type PhoneNormalizer };

export interface PhoneContext {
  /** The country a national number belongs to (ISO 3166 code, `TR`). */
  country?: string;
  /** Or its calling code (`90`, `+90`), as the chat button form asks for it. */
  callingCode?: string;
}

type LengthError = ReturnType<typeof validatePhoneNumberLength>;

function lengthError(reason: LengthError | ParseError['message'] | undefined, cc: string): string {
  if (reason === 'TOO_SHORT' || reason === 'NOT_A_NUMBER') return cc ? PHONE_MSG.tooShortFor(cc) : PHONE_MSG.tooShort;
  if (reason === 'TOO_LONG') return cc ? PHONE_MSG.tooLongFor(cc) : PHONE_MSG.tooLong;
  if (reason === 'INVALID_LENGTH' && cc) return PHONE_MSG.wrongLengthFor(cc);
  return cc ? PHONE_MSG.invalidFor(cc) : PHONE_MSG.needCountry;
}

/** The calling code an international number starts with, when the metadata knows it. */
function knownCallingCode(digits: string): string | null {
  for (let n = 1; n <= 3 && n <= digits.length; n++) {
    const cc = digits.slice(0, n);
    if (metadata.country_calling_codes[cc]) return cc;
  }
  return null;
}

/**
 * What a person typed as the digits WhatsApp needs (country code and national number), or what is
 * wrong with it. Without a country the number must carry its country code (with or without + / 00).
 */
export function normalizePhone(typed: string, where: PhoneContext = {}): PhoneCheck {
  const clean = cleanTyped(typed);
  if (!typed.trim() || clean?.digits === '') return { ok: false, error: PHONE_MSG.empty };
  if (!clean) return { ok: false, error: PHONE_MSG.chars };
  const callingCode = (where.callingCode ?? '').replace(/\D/g, '');
  const country = where.country?.toUpperCase();
  let text: string;
  let known = callingCode;
  let options: { defaultCountry?: CountryCode; defaultCallingCode?: string } = {};
  if (clean.international || (!country && !callingCode)) {
    const basic = internationalNumber(`+${clean.digits}`);
    if (!basic.ok) return basic;
    const cc = knownCallingCode(clean.digits);
    if (!cc) return { ok: false, error: PHONE_MSG.unknownCountry(clean.digits.slice(0, 3)) };
    known = cc;
    text = `+${clean.digits}`;
  } else if (country && isSupportedCountry(country as CountryCode, metadata)) {
    text = clean.digits;
    options = { defaultCountry: country as CountryCode };
  } else {
    if (!metadata.country_calling_codes[callingCode])
      return { ok: false, error: PHONE_MSG.unknownCountry(callingCode) };
    text = clean.digits;
    options = { defaultCallingCode: callingCode };
  }
  const parsed = parsePhoneNumberFromString(text, options, metadata);
  const cc = parsed?.countryCallingCode ?? known;
  if (!parsed) return { ok: false, error: lengthError(validatePhoneNumberLength(text, options, metadata), cc) };
  if (!parsed.isValid())
    return { ok: false, error: lengthError(validatePhoneNumberLength(text, options, metadata), cc) };
  return { ok: true, digits: parsed.number.slice(1) };
}

/** The normaliser for a tool that takes full numbers with their country code (QR, checkers). */
export const normalizeInternational: PhoneNormalizer = (typed) => normalizePhone(typed);
