/** Back-office constants of 4-admin §9 shared by the server's schemas and the console (no zod here). */

/** Rows per page of the footprint and feedback tables. */
export const STAFF_PAGE_SIZE = 50;
/** The most rows one footprint or feedback call returns (the "fetch limit"). */
export const STAFF_FETCH_LIMIT = 10_000;
/** Where the feedback date filter starts unless staff pick another day. */
export const FEEDBACK_SINCE = '2022-05-01T08:01:43.630Z';

/** Phone list page sizes (4-admin §9) and the default. */
export const PHONE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PHONE_PAGE_SIZE = 50;
/** The Numbers screen's fetch limit (4-admin §9). */
export const NUMBERS_FETCH_LIMIT = 500;

/** The screens grid's status filters (4-admin "Screens grid"), each with the statuses it shows. */
export const SCREEN_FILTERS = {
  active: { label: 'Active', statuses: ['active'] },
  qr: { label: 'QR Screen', statuses: ['qr-screen', 'PAIRING', 'not_logged_in'] },
  loading: { label: 'Loading', statuses: ['loading', 'creating...'] },
  error: { label: 'Phone Error', statuses: ['phone-error', 'account-error', 'low-battery'] },
  idle: { label: 'Idle', statuses: ['idle'] },
  dispatch: { label: 'Dispatch', statuses: ['dispatch'] },
  disabled: { label: 'Disabled', statuses: ['disabled'] },
  conn: { label: 'Connection Error', statuses: ['conn-retry', 'TIMEOUT'] },
} as const;
export type ScreenFilter = keyof typeof SCREEN_FILTERS;
