import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chatButtonCss } from '../../widgets/src/chat-button/styles';
import { readSettings } from '../../widgets/src/chat-button/settings';
import { TOOL_CSS } from '../../widgets/src/tools/styles';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The declarations of the first rule whose selector is exactly `selector`. */
function rule(css: string, selector: string): string {
  const at = css.indexOf(`\n${selector}{`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  return css.slice(at + selector.length + 2, css.indexOf('}', at));
}
const prop = (decls: string, name: string) => new RegExp(`(?:^|;)${name}:(#[0-9a-f]{6})`).exec(decls)?.[1] ?? '';

const TOKENS = Object.fromEntries(
  [...readFileSync('web/styles/tokens.css', 'utf8').matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})/g)].map((m) => [
    m[1]!,
    m[2]!,
  ]),
);

describe('colour contrast of white text and icons on the green buttons (WCAG 2.1 AA)', () => {
  it('the tools: white on the button green at least 4.5:1 (1.4.3)', () => {
    const button = rule(`\n${TOOL_CSS}`, '.wt button');
    expect(button).toMatch(/;color:#fff(;|$)/);
    expect(contrast(prop(button, 'background'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('the chat button: its 15 px semi-bold label on large-green and the small icon at least 4.5:1, large at least 4.5:1 on white', () => {
    const css = `\n${chatButtonCss(readSettings(() => null))}`;
    for (const design of ['.small', '.large-green']) {
      expect([design, contrast(prop(rule(css, design), 'background'), '#ffffff') >= 4.5]).toEqual([design, true]);
    }
    expect(contrast(prop(rule(css, '.large'), 'color'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it("the console: white on the brand tokens at least 4.5:1, the support bubble's gradient at least 3:1 for its icon (1.4.11)", () => {
    expect(contrast(TOKENS['--color-brand']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(TOKENS['--color-brand-strong']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const layout = readFileSync('web/styles/layout.css', 'utf8');
    const bubble = /\.w-support__button \{[^}]*background: linear-gradient\((.*?)\);/.exec(layout)?.[1] ?? '';
    const stops = [...bubble.matchAll(/var\((--[\w-]+)\)/g)].map((m) => TOKENS[m[1]!]!);
    expect(stops.length).toBeGreaterThan(0);
    for (const stop of stops) expect([stop, contrast(stop, '#ffffff') >= 3]).toEqual([stop, true]);
  });
});
