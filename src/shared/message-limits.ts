/** The messaging API's read and send limits, shared by its schemas and the services that apply them. */

/** The longest `Idempotency-Key` a send takes. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** Groups per page of getGroups. */
export const GROUPS_PAGE = 50;

const CONVERSATION_MESSAGES_MAX = 200;
const CONVERSATION_MESSAGES_DEFAULT = 100;

/** How many messages a page of a conversation holds: 1 to the maximum, the default when absent or not a number. */
export function messageLimit(raw: string | undefined): number {
  return Math.min(
    CONVERSATION_MESSAGES_MAX,
    Math.max(1, Number(raw ?? CONVERSATION_MESSAGES_DEFAULT) || CONVERSATION_MESSAGES_DEFAULT),
  );
}

export const SEARCH_RESULTS_MAX = 50;
const SEARCH_RESULTS_DEFAULT = 20;

/** How many matches a search answers: 1 to the maximum, the default when absent or not a number. */
export function searchLimit(raw: string | undefined): number {
  return Math.min(SEARCH_RESULTS_MAX, Math.max(1, Number(raw ?? SEARCH_RESULTS_DEFAULT) || SEARCH_RESULTS_DEFAULT));
}
