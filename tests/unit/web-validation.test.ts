import { describe, expect, it } from 'vitest';
import {
  MSG as SERVER_MSG,
  STRONG_PASSWORD as SERVER_STRONG,
  POSTCODE_COUNTRIES as SERVER_POSTCODE,
} from '../../src/shared/schemas/auth';
import { MSG } from '../../web/lib/messages';
import {
  POSTCODE_COUNTRIES,
  STRONG_PASSWORD,
  validateCompany,
  validateForgot,
  validateLogin,
  validatePasswordChange,
  validateProfile,
  validateRegister,
  validateReset,
} from '../../web/lib/validation';

const company = { vatNumber: 'DE123', country: 'TR', state: '', city: 'Izmir', street: 'Main 1', postcode: '' };

describe('console form validation', () => {
  it('uses the spec texts, spelled exactly', () => {
    expect(MSG.loginStoredError).toBe("Could't login...");
    expect(MSG.registerStoredError).toBe("Could't register...");
    expect(MSG.notFoundTitle).toBe('We are sorry, Page not found!.');
    expect(MSG.loginFailed).toBe('The e-mail or password is wrong. Check both and try again, or reset your password.');
  });

  it('agrees with the server schemas on shared texts and rules', () => {
    for (const [key, text] of Object.entries(SERVER_MSG)) {
      if (key in MSG) expect(MSG[key as keyof typeof MSG], key).toBe(text);
    }
    expect(STRONG_PASSWORD.source).toBe(SERVER_STRONG.source);
    expect([...POSTCODE_COUNTRIES]).toEqual([...SERVER_POSTCODE]);
  });

  it('checks the login form', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
    expect(validateLogin({ email: 'nope', password: '12345' })).toEqual({
      email: MSG.emailInvalid,
      password: MSG.passwordLoginMin,
    });
    expect(validateLogin({ email: 'a@b.co', password: '123456' })).toEqual({});
  });

  it('checks the register form', () => {
    expect(validateRegister({ email: '', password: '', confirm: '', consent: false })).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      confirm: MSG.confirmationRequired,
      consent: MSG.consentRequired,
    });
    expect(validateRegister({ email: 'a@b.co', password: 'abcdefgh', confirm: 'x', consent: true })).toEqual({
      password: MSG.passwordRule,
      confirm: MSG.passwordsDiffer,
    });
    expect(
      validateRegister({ email: 'a@b.co', password: 'Abc#1 def', confirm: 'Abc#1 def', consent: true }).password,
    ).toBe(MSG.passwordRule);
    expect(validateRegister({ email: 'a@b.co', password: 'Abc#1def', confirm: 'Abc#1def', consent: true })).toEqual({});
  });

  it('checks the forgot and reset forms with the register rules', () => {
    expect(validateForgot({ email: 'x@' })).toEqual({ email: MSG.emailInvalid });
    expect(validateReset({ password: 'short', confirm: '' })).toEqual({
      password: MSG.passwordRule,
      confirm: MSG.confirmationRequired,
    });
    expect(validateReset({ password: 'Abc#1def', confirm: 'Abc#1def' })).toEqual({});
  });

  it('checks the settings forms', () => {
    expect(validateProfile({ name: ' ', company: '', phone: '+90 555' })).toEqual({
      name: MSG.nameRequired,
      phone: MSG.phoneInvalid,
    });
    expect(validateProfile({ name: 'Ada', company: '', phone: '' })).toEqual({});
    expect(validateProfile({ name: 'Ada', company: '', phone: '+905551234567' })).toEqual({});
    expect(validatePasswordChange({ current: 'Old#Pass1', password: '', confirm: '' })).toEqual({
      password: MSG.passwordRequired,
    });
    expect(validatePasswordChange({ current: 'Old#Pass1', password: '12345', confirm: '1' })).toEqual({
      password: MSG.passwordRule,
      confirm: MSG.passwordsMustMatch,
    });
    expect(validatePasswordChange({ current: '', password: 'abcdefgh', confirm: 'abcdefgh' })).toEqual({
      current: MSG.passwordRequired,
      password: MSG.passwordRule,
    });
    expect(validatePasswordChange({ current: 'Old#Pass1', password: 'N3w#Pass', confirm: 'N3w#Pass' })).toEqual({});
    expect(validateCompany({ ...company, vatNumber: '', city: '', street: '' })).toEqual({
      vatNumber: MSG.vatRequired,
      city: MSG.cityRequired,
      street: MSG.streetRequired,
    });
    expect(validateCompany(company)).toEqual({});
    expect(validateCompany({ ...company, country: 'DE' })).toEqual({ postcode: MSG.postcodeRequired });
    expect(validateCompany({ ...company, country: 'DE', postcode: '10115' })).toEqual({});
  });
});
