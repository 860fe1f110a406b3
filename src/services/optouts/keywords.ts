import { OPTOUT_WORD_MAX_LENGTH } from '../../shared/optout-limits';

/**
 * The opt-out keywords (issue 41): a customer's whole message, trimmed and in any case, that puts
 * the number on the product's opt-out list. STOP and UNSUBSCRIBE always do; a product adds up to
 * OPTOUT_WORDS_MAX words of its own (`optout_settings.words`, kept in this normal form).
 */

/** Always opt a customer out, whatever the product's words. */
export const BUILT_IN_WORDS = ['stop', 'unsubscribe'] as const;

/** A text in the form words are compared in: trimmed, inner spaces as one, lower case. */
export function normalWord(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * What an incoming text is to the opt-out list: `builtIn` (STOP, UNSUBSCRIBE), `maybe` (short enough
 * to be one of the product's words, which the transaction checks), or null (it cannot be a keyword).
 */
export function keywordOf(text: unknown): { word: string; builtIn: boolean } | null {
  if (typeof text !== 'string') return null;
  const word = normalWord(text);
  if (!word || word.length > OPTOUT_WORD_MAX_LENGTH) return null;
  return { word, builtIn: (BUILT_IN_WORDS as readonly string[]).includes(word) };
}
