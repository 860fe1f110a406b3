import { MSG as AUTH_MSG } from '../../src/shared/auth-messages';

/**
 * Every user-visible string the spec gives for the console shell, auth and settings, written exactly
 * as the spec spells it (1-console §2, §5, §8; 2-phones §2.5, §5). Pages, stories and tests share them.
 */
export const MSG = {
  ...AUTH_MSG,
  passwordsDiffer: 'Passwords are not the same!',
  confirmationRequired: 'Password confirmation is required!',
  consentRequired: 'You have to agree with our Terms and Conditions!',
  loginFailed: 'The e-mail or password is wrong. Check both and try again, or reset your password.',
  loginStoredError: "Could't login...",
  registerStoredError: "Could't register...",
  genericError: 'Error..!',
  loadFailed: 'Load Failed.',
  network: 'Error communicating with the server',
  notFoundTitle: 'We are sorry, Page not found!.',
  notFoundHint: 'Please check that the connection is correct.',
  // Settings (2-phones §5); the company texts are ours, the spec only says the fields are required.
  passwordsMustMatch: 'Passwords must match',
  saved: 'Saved',
  googlePassword: 'Google-login users cannot change their password.',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  passwordChanged: 'Your password has been changed. Please log in.',
} as const;
