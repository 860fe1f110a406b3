import { describe, expect, it } from 'vitest';
import { neighbour, SHORTCUTS, shortcutOf } from '../../web/pages/inbox/shortcuts';

/* The inbox's keyboard shortcuts (issue 42) without a DOM: which key does what, never while typing. */
describe('inbox keyboard shortcuts', () => {
  it('j/k move, r replies, n notes, c or e closes, s snoozes, a assigns, ? helps', () => {
    const keys = Object.fromEntries(
      ['j', 'k', 'r', 'n', 'c', 'e', 's', 'a', '?'].map((key) => [key, shortcutOf({ key })]),
    );
    expect(keys).toEqual({
      j: 'next',
      k: 'previous',
      r: 'reply',
      n: 'note',
      c: 'close',
      e: 'close',
      s: 'snooze',
      a: 'assign',
      '?': 'help',
    });
    expect(shortcutOf({ key: 'x' })).toBeNull();
    expect(new Set(SHORTCUTS.map((s) => s.action)).size).toBe(SHORTCUTS.length);
  });

  it('never fires while typing in a field or with a modifier', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT', 'input'])
      expect(shortcutOf({ key: 'j', target: { tagName } })).toBeNull();
    expect(shortcutOf({ key: 'j', target: { tagName: 'DIV', isContentEditable: true } })).toBeNull();
    expect(shortcutOf({ key: 'j', target: { tagName: 'BUTTON' } })).toBe('next');
    expect(shortcutOf({ key: 'c', ctrlKey: true })).toBeNull();
    expect(shortcutOf({ key: 'r', metaKey: true })).toBeNull();
  });

  it('next and previous walk the list and stop at its ends', () => {
    const ids = ['a', 'b', 'c'];
    expect(neighbour(ids, undefined, 1)).toBe('a');
    expect(neighbour(ids, 'a', 1)).toBe('b');
    expect(neighbour(ids, 'c', 1)).toBeNull();
    expect(neighbour(ids, 'b', -1)).toBe('a');
    expect(neighbour(ids, 'a', -1)).toBeNull();
    expect(neighbour([], 'a', 1)).toBeNull();
    expect(neighbour(ids, 'gone', -1)).toBe('a');
  });
});
