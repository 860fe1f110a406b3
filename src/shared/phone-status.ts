/**
 * The console's phone statuses (2-phones §4.1), and Instagram's own two (3-developer §4): the one list
 * the phones table's column, the messaging API's status enum, the console and the tests all read.
 * No imports, so db/schema may use it too.
 */
export const PHONE_STATUSES = [
  'creating...',
  'loading',
  'qr-screen',
  'PAIRING',
  'active',
  'conn-retry',
  'TIMEOUT',
  'phone-error',
  'low-battery',
  'idle',
  'disabled',
  'not_logged_in',
  'account-error',
] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];
