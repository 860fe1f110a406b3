import { parseFormatting as parseWhatsApp, type Span, type Style } from './wa-format.js';

/** WhatsApp's formatting markers (spec 2.11.8). */
export const MARKERS = { bold: '*', italic: '_', strikethrough: '~', monospace: '```' } as const;
export type FormatStyle = keyof typeof MARKERS;

/** Wraps the selection [start, end) in the style's markers; returns the text and the new selection. */
export function wrapSelection(text: string, start: number, end: number, style: FormatStyle) {
  const m = MARKERS[style];
  return {
    text: text.slice(0, start) + m + text.slice(start, end) + m + text.slice(end),
    start: start + m.length,
    end: end + m.length,
  };
}

export type Segment = { text: string; styles: FormatStyle[] };

const STYLE: Record<Style, FormatStyle> = {
  bold: 'bold',
  italic: 'italic',
  strike: 'strikethrough',
  mono: 'monospace',
};

/**
 * Splits WhatsApp-formatted text into styled segments (nested markers apply together), through the
 * chat pane's own parser: markers count only at word edges (`snake_case_name`, `2*3*4` stay plain).
 */
export function parseFormatting(text: string): Segment[] {
  const out: Segment[] = [];
  const walk = (spans: readonly Span[], styles: FormatStyle[]) => {
    for (const s of spans) {
      if (typeof s === 'string' || 'link' in s) {
        const t = typeof s === 'string' ? s : s.link;
        const last = out.at(-1);
        if (last && last.styles.join() === styles.join()) last.text += t;
        else out.push({ text: t, styles });
      } else walk(s.children, [...styles, STYLE[s.style]]);
    }
  };
  walk(parseWhatsApp(text), []);
  return out;
}
