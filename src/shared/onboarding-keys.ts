/** The six get-started cards, in the page's order (3-developer §2.7). */
export const GET_STARTED_KEYS = ['trial', 'phone', 'webhook', 'documentation', 'messages', 'subscribe'] as const;
export type GetStartedKey = (typeof GET_STARTED_KEYS)[number];
