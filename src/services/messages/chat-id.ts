import { Metadata, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { ApiError } from '../../errors';

/**
 * The one reading of a phone number the messaging API takes (sendMessage `to_number`, the number
 * checks, group participants, a shared contact): libphonenumber-js with its smallest ('min')
 * metadata, as the console reads what a person types (web/lib/phone-numbers.ts). `+`, a leading `00`
 * and spaced or punctuated international forms give the same digits (`0090 530 123 4567`,
 * `+90 (530) 123-4567` and `905301234567` are all `905301234567`); a trunk prefix after the country
 * code goes (`+90 0530 …`); a national form, which names no country (`05301234567`), is refused.
 *
 * Fast path: digits that do not carry their country's trunk prefix after the calling code are what
 * libphonenumber-js would answer (it changes only numbers that start with that prefix), so they are
 * taken as written without parsing (about 0.1 µs instead of 5 µs a number on sendMessage's path).
 * A number whose calling code the metadata does not know, or that libphonenumber-js finds invalid,
 * keeps its digits: WhatsApp itself says whether it exists (the number checks), as before.
 */

type CountryCodes = Record<string, string[]>;
let trunkPrefixes: Map<string, string[]> | undefined;

/** The trunk (national) prefixes dialled in the countries of each calling code (`90` → `0`, `1` → `1`). */
function prefixesOf(callingCode: string): string[] {
  if (!trunkPrefixes) {
    trunkPrefixes = new Map();
    const plans = new Metadata(metadata);
    for (const [code, countries] of Object.entries(metadata.country_calling_codes as CountryCodes)) {
      const set = new Set<string>();
      for (const country of countries) {
        plans.selectNumberingPlan(country as Parameters<Metadata['selectNumberingPlan']>[0]);
        // nationalPrefix() exists on the numbering plan at run time; the typings leave it out.
        const plan = plans.numberingPlan as unknown as { nationalPrefix(): string | undefined } | undefined;
        const prefix = plan?.nationalPrefix();
        if (prefix) set.add(prefix);
      }
      trunkPrefixes.set(code, [...set]);
    }
  }
  return trunkPrefixes.get(callingCode) ?? [];
}

/** The calling code international digits start with, when the metadata knows it. */
function callingCodeOf(digits: string): string | null {
  const codes = metadata.country_calling_codes as CountryCodes;
  for (let n = 1; n <= 3 && n < digits.length; n++) {
    const code = digits.slice(0, n);
    if (codes[code]) return code;
  }
  return null;
}

/** International digits (no `+`, no `00`) as WhatsApp numbers them. */
export function internationalDigits(digits: string): string {
  const code = callingCodeOf(digits);
  if (!code || !prefixesOf(code).some((p) => digits.startsWith(p, code.length))) return digits;
  const parsed = parsePhoneNumberFromString(`+${digits}`, {}, metadata);
  return parsed?.isValid() ? parsed.number.slice(1) : digits;
}

const PLAIN = /^[1-9]\d{6,14}$/;
const GROUP = /^[\d-]{5,40}@g\.us$/;

/** What a message says when a number names no country. */
const nationalNumberMessage = (field: string, raw: string) =>
  `${field} ${raw} is a national number, which names no country: use the international format, with the country code (e.g. 905301234567 or +90 530 123 4567).`;

/**
 * A recipient as the API takes it (`905301234567`, `+90 530 123 45 67`, `0090 530 123 4567`,
 * `905301234567@c.us`, `...@s.whatsapp.net`, a group `...@g.us`) in the API's JID spelling. `field`
 * names the request field in the 422 (`to_number`, `number`, `numbers`).
 */
export function toChatId(raw: unknown, field = 'to_number'): string {
  if (typeof raw === 'number') raw = String(raw);
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new ApiError('VALIDATION', `${field} is required.`, { fields: { [field]: 'required' } });
  const v = raw.trim();
  if (PLAIN.test(v)) return `${internationalDigits(v)}@c.us`;
  if (v.endsWith('@g.us')) {
    if (!GROUP.test(v))
      throw new ApiError('VALIDATION', `${field} is not a valid group id.`, {
        fields: { [field]: 'invalid group id' },
      });
    return v;
  }
  const written = v.replace(/@(c\.us|s\.whatsapp\.net)$/, '').replace(/[\s.\-()/]/g, '');
  let number = written;
  if (number.startsWith('+')) number = number.slice(1);
  else if (number.startsWith('00')) number = number.slice(2);
  else if (/^0\d{5,}$/.test(number))
    throw new ApiError('VALIDATION', nationalNumberMessage(field, v), { fields: { [field]: 'national number' } });
  if (!PLAIN.test(number)) {
    throw new ApiError(
      'VALIDATION',
      `${field} must be a phone number in the international format, with its country code (e.g. 905301234567 or +90 530 123 4567), or a group id.`,
      { fields: { [field]: 'invalid number' } },
    );
  }
  return `${internationalDigits(number)}@c.us`;
}
