/** What a keyboard shortcut of the inbox does. */
export type ShortcutAction = 'next' | 'previous' | 'reply' | 'note' | 'close' | 'snooze' | 'assign' | 'help';

/** The inbox's shortcuts as the help overlay lists them (issue 42: next / previous, reply, note, close, snooze, assign). */
export const SHORTCUTS: { keys: string[]; action: ShortcutAction; label: string }[] = [
  { keys: ['j'], action: 'next', label: 'Next conversation' },
  { keys: ['k'], action: 'previous', label: 'Previous conversation' },
  { keys: ['r'], action: 'reply', label: 'Reply' },
  { keys: ['n'], action: 'note', label: 'Add a note' },
  { keys: ['c', 'e'], action: 'close', label: 'Close the conversation' },
  { keys: ['s'], action: 'snooze', label: 'Snooze' },
  { keys: ['a'], action: 'assign', label: 'Assign (take or transfer)' },
  { keys: ['?'], action: 'help', label: 'Show these shortcuts' },
];

/** A key press as the handler sees it (a KeyboardEvent has all of these). */
export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: unknown;
}

/** Whether the press happens while typing: in a field, a text area, a select or editable text. */
function typing(target: unknown): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName.toUpperCase()) || Boolean(el.isContentEditable);
}

/** The shortcut a key press means; null while typing, with a modifier, or for any other key. */
export function shortcutOf(e: KeyPress): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return null;
  return SHORTCUTS.find((s) => s.keys.includes(e.key))?.action ?? null;
}

/** The conversation `step` rows away from the open one in the list (the first when none is open); null past either end. */
export function neighbour(ids: readonly string[], openId: string | undefined, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const at = openId === undefined ? -1 : ids.indexOf(openId);
  if (at === -1) return ids[0]!;
  return ids[at + step] ?? null;
}
