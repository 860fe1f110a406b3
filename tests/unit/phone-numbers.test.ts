import { describe, expect, it } from 'vitest';
import { normalizePhone, PHONE_MSG } from '../../web/lib/phone-numbers';
import { cleanTyped, internationalNumber } from '../../widgets/src/tools/phone';

const ok = (digits: string) => ({ ok: true, digits });
const bad = (error: string) => ({ ok: false, error });

describe('phone numbers the way WhatsApp needs them (libphonenumber-js, min metadata)', () => {
  it('drops the trunk 0 where the country dials one, keeps it in Italy', () => {
    expect(normalizePhone('05551234567', { callingCode: '+90' })).toEqual(ok('905551234567'));
    expect(normalizePhone('0555 123 45 67', { country: 'TR' })).toEqual(ok('905551234567'));
    expect(normalizePhone('5551234567', { callingCode: '90' })).toEqual(ok('905551234567'));
    expect(normalizePhone('07911 123456', { country: 'GB' })).toEqual(ok('447911123456'));
    expect(normalizePhone('06 1234 5678', { callingCode: '39' })).toEqual(ok('390612345678'));
    expect(normalizePhone('312 345 6789', { country: 'IT' })).toEqual(ok('393123456789'));
  });

  it('reads + and a leading 00 as international, whatever the country field says', () => {
    expect(normalizePhone('00905551234567')).toEqual(ok('905551234567'));
    expect(normalizePhone('0090 555 123 45 67', { callingCode: '90' })).toEqual(ok('905551234567'));
    expect(normalizePhone('+90 (555) 123-45-67', { country: 'DE' })).toEqual(ok('905551234567'));
    expect(normalizePhone('+90 0555 123 45 67')).toEqual(ok('905551234567'));
    expect(normalizePhone('905301234567')).toEqual(ok('905301234567'));
    expect(normalizePhone('+39 06 1234 5678')).toEqual(ok('390612345678'));
  });

  it('says clearly what is wrong', () => {
    expect(normalizePhone('')).toEqual(bad(PHONE_MSG.empty));
    expect(normalizePhone('  ')).toEqual(bad(PHONE_MSG.empty));
    expect(normalizePhone('555-12ab', { callingCode: '90' })).toEqual(bad(PHONE_MSG.chars));
    expect(normalizePhone('555-12', { callingCode: '90' })).toEqual(bad('This number is too short for +90.'));
    expect(normalizePhone('5551234567890123', { callingCode: '90' })).toEqual(bad('This number is too long for +90.'));
    expect(normalizePhone('5551234567', { callingCode: '999' })).toEqual(
      bad('There is no country with the calling code +999: check the first digits.'),
    );
    expect(normalizePhone('05551234567')).toEqual(bad(PHONE_MSG.needCountry));
    expect(normalizePhone('+1 555 123 4567')).toEqual(bad('This is not a valid number for +1: check the digits.'));
    expect(normalizePhone('+90 555')).toEqual(bad(PHONE_MSG.tooShort));
    expect(normalizePhone('+9055512345')).toEqual(bad('This number has the wrong number of digits for +90.'));
  });

  it('has a metadata-free part for the embeddable tools: + and 00, 8 to 15 digits, no leading 0', () => {
    expect(cleanTyped(' +90 555-123 ')).toEqual({ international: true, digits: '90555123' });
    expect(cleanTyped('0090 555')).toEqual({ international: true, digits: '90555' });
    expect(cleanTyped('0555')).toEqual({ international: false, digits: '0555' });
    expect(cleanTyped('90x')).toBeNull();
    expect(internationalNumber('0090 555 123 45 67')).toEqual(ok('905551234567'));
    expect(internationalNumber('+905551234567')).toEqual(ok('905551234567'));
    expect(internationalNumber('05551234567')).toEqual(bad(PHONE_MSG.needCountry));
    expect(internationalNumber('9055')).toEqual(bad(PHONE_MSG.tooShort));
    expect(internationalNumber('1234567890123456')).toEqual(bad(PHONE_MSG.tooLong));
    expect(internationalNumber('abc')).toEqual(bad(PHONE_MSG.chars));
  });
});

describe('connect with phone number', () => {
  it('reads the national number in the picked country', () => {
    expect(normalizePhone('0151 1234567', { country: 'DE' })).toEqual(ok('491511234567'));
    expect(normalizePhone('0530 123 45 67', { country: 'TR' })).toEqual(ok('905301234567'));
    expect(normalizePhone('+44 7911 123456', { country: 'TR' })).toEqual(ok('447911123456'));
  });
});
