import { parsePhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import metadata from 'libphonenumber-js/min/metadata';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { internationalDigits, toChatId } from '../../src/services/messages/chat-id';

describe("the server's reading of a number (toChatId)", () => {
  it('gives every international form the same digits', () => {
    for (const v of ['905301234567', '+905301234567', '0090 530 123 4567', '+90 (530) 123-4567', '+90 0530 123 4567'])
      expect(toChatId(v), v).toBe('905301234567@c.us');
    expect(toChatId('+39 06 1234 5678')).toBe('390612345678@c.us');
    expect(toChatId('+44 (0) 20 7946 0958')).toBe('442079460958@c.us');
    expect(toChatId('1 (415) 555-0132')).toBe('14155550132@c.us');
  });

  it('refuses a national number, naming the field', () => {
    expect(() => toChatId('05301234567')).toThrow(/^to_number 05301234567 is a national number/);
    expect(() => toChatId('0530 123 45 67', 'number')).toThrow(/^number .*use the international format/);
    expect(() => toChatId('12')).toThrow(/international format/);
  });

  it('keeps chat and group ids', () => {
    expect(toChatId('905301234567@c.us')).toBe('905301234567@c.us');
    expect(toChatId('905301234567@s.whatsapp.net')).toBe('905301234567@c.us');
    expect(toChatId('905301234567-1574073754@g.us')).toBe('905301234567-1574073754@g.us');
    expect(() => toChatId('x@g.us')).toThrow(/not a valid group id/);
  });

  it('takes plain digits unchanged where libphonenumber-js reads them unchanged (every example number)', () => {
    const examples = Object.entries(mobileExamples as Record<string, string>);
    expect(examples.length).toBeGreaterThan(200);
    for (const [country, national] of examples) {
      const parsed = parsePhoneNumber(national, country as CountryCode, metadata);
      const d = parsed.number.slice(1);
      expect(toChatId(d), country).toBe(`${d}@c.us`);
      expect(toChatId(parsed.formatInternational()), country).toBe(`${d}@c.us`);
    }
    expect(toChatId('9005301234567')).toBe('905301234567@c.us');
  });

  it('answers either the digits or the valid reading of libphonenumber-js, for any digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{6,14}$/), (d) => {
        const parsed = parsePhoneNumberFromString(`+${d}`, {}, metadata);
        const read = internationalDigits(d);
        expect([d, parsed?.isValid() ? parsed.number.slice(1) : d]).toContain(read);
      }),
      { numRuns: 500 },
    );
  });
});
