/** The composer's emoji: a small set of common ones, as text (no image assets). */
export const EMOJI = [
  '😀',
  '😂',
  '😊',
  '😍',
  '😉',
  '😎',
  '🤔',
  '😢',
  '😮',
  '🙏',
  '👍',
  '👎',
  '👋',
  '👏',
  '🎉',
  '❤️',
  '🔥',
  '✅',
  '❌',
  '⏳',
  '📦',
  '📞',
  '💬',
  '⭐',
] as const;

/** The canned-reply query when the text is a `/shortcut` being typed, else null. */
export function cannedQuery(text: string): string | null {
  const m = /^\/([\w-]*)$/.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}
