/** The opt-out list's limits (issue 41), shared by the API's schemas and the console's form. */
export const OPTOUTS_PAGE_MAX = 500;
export const OPTOUTS_PER_CALL = 1_000;
export const OPTOUT_WORDS_MAX = 20;
export const OPTOUT_WORD_MAX_LENGTH = 30;
