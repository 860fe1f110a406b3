/**
 * User-visible strings of the phones page and the simulator (2-phones §2.1, §5, §8). Strings the spec
 * quotes are written exactly as it spells them; the others are ours and marked so.
 */
export const PHONE_MSG = {
  addingWarning: 'It may take a few minutes to add a new phone.',
  phoneLimitTitle: 'Phone Limit',
  phoneLimit: 'Your phone limit is not enough for add new phone.',
  enabledErrorTitle: 'Enabled Error',
  testNotSelected: 'Phone not selected or empty test number!',
  testNotActive: 'Phone not active!',
  testQueued: 'Test message is added to queue successfully.',
  testDefaultText: 'Hello World!',
  upgrading: 'Upgrading now. Please, try later.',
  // Ours: the spec describes these notices without quoting them.
  phoneLimitQuestion: 'Do you want to update your subscription to add more phones?',
  oldMessages: 'Old messages are not scanned: after the QR scan, only unread and new messages are picked up.',
  southAsia: 'You are connecting from South Asia. For a stable connection, we recommend the India mobile proxy.',
  southAmerica:
    'You are connecting from South America. For a stable connection, we recommend the South America mobile proxy.',
  contactPrefix: 'Having trouble connecting? Write to us at',
  qrWaiting: 'Waiting for the QR code…',
  qrNotReady: 'The QR code is not ready yet.',
  qrIdle: 'The QR code timed out. Redeploy the phone to get a new one.',
  noPhones: 'You have no phones yet. Add one to connect your WhatsApp.',
  noMatch: 'No phone matches this filter.',
  numberRequired: 'Enter the phone number.',
  numberNumeric: 'Use digits only, including the country code.',
  copied: 'Screen URL copied.',
  copyFailed: 'Copying is blocked by the browser. Select and copy the URL instead.',
  partnerEnable: 'Partner accounts cannot re-enable a disabled phone. Please contact us.',
} as const;

/** The send button's reason for being disabled (2-phones §5), with the status as the console shows it. */
export function testDisabledText(status: string): string {
  return `Selected phone status is ${status} If you want to send a message, you must activate the phone's status.`;
}
