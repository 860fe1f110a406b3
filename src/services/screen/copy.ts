/** Every string the rendered screens show, in one place so tests and views share them. */

/** The brand shown in the band of the linking and status screens. */
export const BRAND = 'WAPI';

/** How a screen names the phone it shows. */
export const phoneLabel = (phoneId: number) => `Phone ${phoneId}`;

export const QR_COPY = {
  title: 'Link WhatsApp to this phone',
  steps: [
    'Open WhatsApp on your phone',
    'Tap Menu or Settings, then Linked devices',
    'Tap Link a device and scan this code',
  ],
  note: 'The code renews itself: keep this screen open while you scan.',
} as const;

export const PAIRING_COPY = {
  title: 'Enter code on phone',
  linking: (number: string) => (number ? `Linking WhatsApp account ${number}` : 'Linking a WhatsApp account'),
  steps: [
    'Open WhatsApp on your phone',
    'Tap Menu or Settings, then Linked devices',
    'Tap Link a device, then Link with phone number instead',
    'Enter the code above on your phone',
  ],
} as const;

export const ACTIVE_COPY = {
  search: 'Search or start a new chat',
  empty: 'No chats yet',
  emptyHint: 'Chats appear here as soon as this phone sends or receives a message.',
  online: (phoneId: number) => `Phone ${phoneId} is online`,
  about: 'Messages to and from this number go through the Wapi API.',
  encrypted: 'End-to-end encrypted',
} as const;

/** How a status card looks: its icon and colour. */
export type StatusTone = 'busy' | 'ok' | 'warning' | 'error' | 'paused' | 'off';

interface StatusCopy {
  title: (phoneId: number) => string;
  hint: string;
  tone: StatusTone;
}

/** Title, default explanation and tone of each phone status; unknown statuses fall back to STATUS_FALLBACK. */
export const STATUS_COPY: Record<string, StatusCopy> = {
  'creating...': {
    title: (id) => `Phone ${id} is being created...`,
    hint: 'Its WhatsApp session starts in a moment.',
    tone: 'busy',
  },
  loading: {
    title: (id) => `Phone ${id} is loading...`,
    hint: 'Connecting to WhatsApp. This takes a few seconds.',
    tone: 'busy',
  },
  'qr-screen': {
    title: (id) => `Phone ${id} is waiting for a QR code...`,
    hint: 'The code to scan appears here in a moment.',
    tone: 'busy',
  },
  PAIRING: {
    title: (id) => `Phone ${id} is waiting for a pairing code...`,
    hint: 'The code to enter appears here in a moment.',
    tone: 'busy',
  },
  active: { title: (id) => `Phone ${id} is online`, hint: 'The WhatsApp session is connected.', tone: 'ok' },
  'conn-retry': { title: (id) => `Phone ${id} has no internet`, hint: 'Reconnecting to WhatsApp...', tone: 'warning' },
  'no internet': { title: (id) => `Phone ${id} has no internet`, hint: 'Reconnecting to WhatsApp...', tone: 'warning' },
  TIMEOUT: { title: (id) => `Phone ${id} timed out`, hint: 'WhatsApp did not answer in time.', tone: 'warning' },
  'low-battery': {
    title: (id) => `Phone ${id} has a low battery`,
    hint: 'Charge the phone to keep the session running.',
    tone: 'warning',
  },
  'phone-error': {
    title: (id) => `Phone ${id} has a problem`,
    hint: 'The WhatsApp session stopped with an error.',
    tone: 'error',
  },
  idle: {
    title: (id) => `Phone ${id} is idle`,
    hint: 'The session is paused until the phone is started again.',
    tone: 'paused',
  },
  disabled: {
    title: (id) => `Phone ${id} is disabled`,
    hint: 'Enable the phone to start its session again.',
    tone: 'off',
  },
};

/** Copy for a status this module does not know yet: shows the raw status. */
export const STATUS_FALLBACK = (status: string): StatusCopy => ({
  title: (id) => `Phone ${id}: ${status || 'unknown status'}`,
  hint: 'The session is changing state.',
  tone: 'busy',
});

/** The small label naming the raw status at the bottom of a status card. */
export const statusLabel = (status: string) => `status: ${status || 'unknown'}`;
