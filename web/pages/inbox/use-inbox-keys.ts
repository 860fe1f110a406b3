import { useEffect, useRef } from 'react';
import { shortcutOf, type ShortcutAction } from './shortcuts';

/**
 * Follows the inbox's keyboard shortcuts on the page while it is on screen (never while typing in
 * a field): the handler of the latest render runs, so it always sees what is on screen now.
 */
export function useInboxKeys(run: (action: ShortcutAction) => void): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A dialog on screen (the help, canned replies) keeps its keys.
      if (document.querySelector('dialog[open]')) return;
      const action = shortcutOf(e);
      if (!action) return;
      e.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Focuses the element of the open conversation marked `data-shortcut="<name>"`; a menu opens. Whether there was one. */
export function focusShortcut(name: string): boolean {
  const el = document.querySelector<HTMLElement>(`[data-shortcut="${name}"]`);
  if (!el) return false;
  if (el instanceof HTMLDetailsElement) {
    el.open = true;
    el.querySelector<HTMLElement>('div button, div input')?.focus();
  } else el.focus();
  return true;
}
