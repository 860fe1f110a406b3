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

/** What is happening to a phone that is not active, and what to do, by its status. */
const NOT_ACTIVE: Record<string, string> = {
  'creating...': 'This phone is still being set up. Wait a moment: you can send once it is active.',
  loading: 'This phone is starting. Wait a moment: you can send once it is active.',
  'qr-screen': 'This phone is waiting for its QR code to be scanned. Scan it with WhatsApp on the phone, then send.',
  PAIRING:
    'This phone is waiting for its pairing code. Enter the code in WhatsApp on the phone (Linked devices, Link with phone number), then send.',
  'conn-retry':
    'This phone has lost its internet connection. Check that it is on and online: you can send once it is back.',
  TIMEOUT: 'The QR code of this phone timed out. Redeploy the phone and scan the new code, then send.',
  idle: 'The QR code of this phone timed out. Redeploy the phone and scan the new code, then send.',
  'phone-error': 'This phone has an error. Redeploy it, and link it again if it asks for a new QR code.',
  'low-battery': "This phone's battery is low. Charge it: you can send once it is active again.",
  disabled: 'This phone is disabled. Enable it to send messages.',
};

/** The send button's reason for being disabled (2-phones §5): what the phone's status means and what to do, in a sentence. */
export function testDisabledText(status: string): string {
  return NOT_ACTIVE[status] ?? 'This phone is not active yet. You can send a message once its status is active.';
}
