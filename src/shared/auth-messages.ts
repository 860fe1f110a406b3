/** The spec's validation messages for the auth and settings forms (1-console §5, 2-phones §5). */
export const MSG = {
  emailInvalid: 'E-mail is not valid!',
  emailRequired: 'E-mail is required!',
  passwordRequired: 'Password is required!',
  passwordRule: 'Min 8, at least one uppercase, lowercase, number and special.',
  passwordLoginMin: 'Password has to be longer than 6 characters!',
  settingsPasswordMin: 'Too Short, Must be 6 integer',
  nameRequired: 'Name is required!',
  phoneInvalid: 'Phone number is not valid!',
  mailUsed: 'The mail already used.',
  vatRequired: 'VAT number is required!',
  cityRequired: 'City is required!',
  streetRequired: 'Street is required!',
  postcodeRequired: 'Postcode is required for the selected country!',
} as const;
