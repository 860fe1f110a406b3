/** The log types of the reference: what came in from WhatsApp, what went out, and failures. */
export const LOG_TYPES = ['incoming', 'outgoing', 'error'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** The most rows a page of GET /logs holds. */
export const LOGS_PAGE_LIMIT_MAX = 500;
