/**
 * Every user-visible string the spec gives for the console shell, auth and settings, written exactly
 * as the spec spells it (1-console §2, §5, §8; 2-phones §2.5, §5). Pages, stories and tests share them.
 */
export const MSG = {
  emailInvalid: 'E-mail is not valid!',
  emailRequired: 'E-mail is required!',
  passwordRequired: 'Password is required!',
  passwordRule: 'Min 8, at least one uppercase, lowercase, number and special.',
  passwordLoginMin: 'Password has to be longer than 6 characters!',
  passwordsDiffer: 'Passwords are not the same!',
  confirmationRequired: 'Password confirmation is required!',
  consentRequired: 'You have to agree with our Terms and Conditions!',
  loginFailed: 'This page is for only admin login. The mail or password is wrong. Please double-check and try again.',
  loginStoredError: "Could't login...",
  registerStoredError: "Could't register...",
  mailUsed: 'The mail already used.',
  genericError: 'Error..!',
  loadFailed: 'Load Failed.',
  network: 'Error communicating with the server',
  notFoundTitle: 'We are sorry, Page not found!.',
  notFoundHint: 'Please check that the connection is correct.',
  // Settings (2-phones §5); the company texts are ours, the spec only says the fields are required.
  nameRequired: 'Name is required!',
  phoneInvalid: 'Phone number is not valid!',
  settingsPasswordMin: 'Too Short, Must be 6 integer',
  passwordsMustMatch: 'Passwords must match',
  vatRequired: 'VAT number is required!',
  cityRequired: 'City is required!',
  streetRequired: 'Street is required!',
  postcodeRequired: 'Postcode is required for the selected country!',
  saved: 'Saved',
  googlePassword: 'Google-login users cannot change their password.',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  passwordChanged: 'Your password has been changed. Please log in.',
} as const;
