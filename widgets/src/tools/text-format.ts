/** WhatsApp's formatting markers (spec 2.11.8). */
export const MARKERS = { bold: '*', italic: '_', strikethrough: '~', monospace: '```' } as const;
export type FormatStyle = keyof typeof MARKERS;

/** Wraps the selection [start, end) in the style's markers; returns the text and the new selection. */
export function wrapSelection(text: string, start: number, end: number, style: FormatStyle) {
  const m = MARKERS[style];
  return { text: text.slice(0, start) + m + text.slice(start, end) + m + text.slice(end), start: start + m.length, end: end + m.length };
}

export type Segment = { text: string; styles: FormatStyle[] };

const PATTERN = /```([^`]+)```|\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~/;

/** Splits WhatsApp-formatted text into styled segments (nested markers apply together). */
export function parseFormatting(text: string, styles: FormatStyle[] = []): Segment[] {
  const m = PATTERN.exec(text);
  if (!m) return text ? [{ text, styles }] : [];
  const before = text.slice(0, m.index);
  const after = text.slice(m.index + m[0].length);
  const [style, inner]: [FormatStyle, string] =
    m[1] !== undefined ? ['monospace', m[1]] : m[2] !== undefined ? ['bold', m[2]] : m[3] !== undefined ? ['italic', m[3]] : ['strikethrough', m[4]!];
  const innerSegments = style === 'monospace' ? [{ text: inner, styles: [...styles, style] }] : parseFormatting(inner, [...styles, style]);
  return [...(before ? [{ text: before, styles }] : []), ...innerSegments, ...parseFormatting(after, styles)];
}
