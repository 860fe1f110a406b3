/**
 * How the console marks the messaging-API reads it makes for its own screens (polling statuses,
 * refreshing the screen image): the API log leaves them out, so the customer's log shows their own
 * calls and the events, not the console's polling. Writes from the console are logged as usual.
 */
export const CONSOLE_CLIENT_HEADER = 'x-wapi-client';
export const CONSOLE_CLIENT = 'console';
/** For `<img>` requests, which cannot send headers. */
export const CONSOLE_CLIENT_PARAM = 'via';
