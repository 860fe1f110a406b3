import { MSG } from './messages';

/** Field name → message of the first rule it breaks; a field without a key is valid. */
export type Errors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Register/reset rule: min 8, one upper, one lower, one digit, one special, no whitespace. */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S{8,}$/;
/** Profile phone: an optional plus followed by digits. */
const PHONE_PATTERN = /^\+?\d+$/;
/** Countries whose addresses need a postcode (1-console §5). */
export const POSTCODE_COUNTRIES: readonly string[] = ['AU', 'CA', 'DE', 'ES', 'FR', 'GB', 'IN', 'IT', 'NL', 'US'];
/** Minimum password length on the login form and the settings password form. */
const MIN_LOGIN_PASSWORD = 6;

function email(value: string): string | undefined {
  const v = value.trim();
  if (!v) return MSG.emailRequired;
  if (!EMAIL.test(v)) return MSG.emailInvalid;
  return undefined;
}

function strongPassword(value: string): string | undefined {
  if (!value) return MSG.passwordRequired;
  if (!STRONG_PASSWORD.test(value)) return MSG.passwordRule;
  return undefined;
}

function confirmation(password: string, confirm: string): string | undefined {
  if (!confirm) return MSG.confirmationRequired;
  if (confirm !== password) return MSG.passwordsDiffer;
  return undefined;
}

function clean<K extends string>(errors: Record<K, string | undefined>): Errors<K> {
  const out: Errors<K> = {};
  for (const key of Object.keys(errors) as K[]) if (errors[key]) out[key] = errors[key];
  return out;
}

/** True when a validation result has no errors. */
export function isValid(errors: Errors<string>): boolean {
  return Object.keys(errors).length === 0;
}

export interface LoginValues {
  email: string;
  password: string;
}
export function validateLogin(v: LoginValues): Errors<keyof LoginValues> {
  let password: string | undefined;
  if (!v.password) password = MSG.passwordRequired;
  else if (v.password.length < MIN_LOGIN_PASSWORD) password = MSG.passwordLoginMin;
  return clean({ email: email(v.email), password });
}

export interface RegisterValues {
  email: string;
  password: string;
  confirm: string;
  consent: boolean;
}
export function validateRegister(v: RegisterValues): Errors<keyof RegisterValues> {
  return clean({
    email: email(v.email),
    password: strongPassword(v.password),
    confirm: confirmation(v.password, v.confirm),
    consent: v.consent ? undefined : MSG.consentRequired,
  });
}

export interface ForgotValues {
  email: string;
}
export function validateForgot(v: ForgotValues): Errors<keyof ForgotValues> {
  return clean({ email: email(v.email) });
}

export interface ResetValues {
  password: string;
  confirm: string;
}
/** The reset form follows the register rules (1-console §5). */
export function validateReset(v: ResetValues): Errors<keyof ResetValues> {
  return clean({ password: strongPassword(v.password), confirm: confirmation(v.password, v.confirm) });
}

export interface ProfileValues {
  name: string;
  company: string;
  phone: string;
}
export function validateProfile(v: ProfileValues): Errors<keyof ProfileValues> {
  const phone = v.phone.trim();
  return clean({
    name: v.name.trim() ? undefined : MSG.nameRequired,
    company: undefined,
    phone: phone && !PHONE_PATTERN.test(phone) ? MSG.phoneInvalid : undefined,
  });
}

export interface PasswordChangeValues {
  current: string;
  password: string;
  confirm: string;
}
/**
 * The settings password form: the register rule the server applies, with its one message (the form's
 * hint says the same words), so a password the form takes is one the server takes.
 */
export function validatePasswordChange(v: PasswordChangeValues): Errors<keyof PasswordChangeValues> {
  return clean({
    current: v.current ? undefined : MSG.passwordRequired,
    password: strongPassword(v.password),
    confirm: v.confirm === v.password ? undefined : MSG.passwordsMustMatch,
  });
}

/** The company section's fields (2-phones §2.5); the company name comes from personal info. */
export interface CompanyValues {
  vatNumber: string;
  country: string;
  state: string;
  city: string;
  street: string;
  postcode: string;
}
/** True when addresses in this country need a postcode. */
export function needsPostcode(country: string): boolean {
  return POSTCODE_COUNTRIES.includes(country.toUpperCase());
}
export function validateCompany(v: CompanyValues): Errors<keyof CompanyValues> {
  return clean({
    vatNumber: v.vatNumber.trim() ? undefined : MSG.vatRequired,
    country: undefined,
    state: undefined,
    city: v.city.trim() ? undefined : MSG.cityRequired,
    street: v.street.trim() ? undefined : MSG.streetRequired,
    postcode: needsPostcode(v.country) && !v.postcode.trim() ? MSG.postcodeRequired : undefined,
  });
}
