/**
 * WhatsApp's text formatting: `*bold*`, `_italic_`, `~strike~`, ```monospace``` and web links, parsed
 * into a tree that the console's chat pane and the Text Formatter tool's preview turn into React
 * elements (never HTML strings). The one renderer of both, so the preview agrees with the chat:
 * markers count only at word edges, as in WhatsApp (`snake_case_name`, `2*3*4` stay plain).
 */
export type Style = 'bold' | 'italic' | 'strike' | 'mono';
export type Span = string | { style: Style; children: Span[] } | { link: string };

const MARKERS: Record<string, Style> = { '*': 'bold', _: 'italic', '~': 'strike' };
const FENCE = '```';
const URL_AT = /^https?:\/\/[^\s<>"]+/i;
const WORD = /[\p{L}\p{N}]/u;

/** A marker opens or closes only next to the edge of a word, as in WhatsApp (`a*b*c` stays plain). */
function boundary(ch: string | undefined): boolean {
  return ch === undefined || !WORD.test(ch);
}

function blank(ch: string | undefined): boolean {
  return ch === undefined || /\s/.test(ch);
}

/** Where the marker opened at `open` closes on the same line, or -1. */
function closing(text: string, open: number, marker: string): number {
  for (let j = open + 2; j < text.length && text[j] !== '\n'; j++) {
    if (text[j] === marker && !blank(text[j - 1]) && boundary(text[j + 1])) return j;
  }
  return -1;
}

/** A link at `i` without the punctuation that usually ends a sentence after it. */
function linkAt(text: string, i: number): string | null {
  if (!boundary(text[i - 1])) return null;
  const m = URL_AT.exec(text.slice(i));
  return m ? m[0].replace(/[.,;:!?)'\]]+$/, '') : null;
}

/** Parses WhatsApp formatting; unmatched markers stay as typed. */
export function parseFormatting(text: string): Span[] {
  const out: Span[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (text.startsWith(FENCE, i)) {
      const end = text.indexOf(FENCE, i + FENCE.length + 1);
      if (end > 0) {
        flush();
        out.push({ style: 'mono', children: [text.slice(i + FENCE.length, end)] });
        i = end + FENCE.length;
        continue;
      }
    }
    const link = ch === 'h' || ch === 'H' ? linkAt(text, i) : null;
    if (link) {
      flush();
      out.push({ link });
      i += link.length;
      continue;
    }
    const style = MARKERS[ch];
    if (style && boundary(text[i - 1]) && !blank(text[i + 1])) {
      const end = closing(text, i, ch);
      if (end > 0) {
        flush();
        out.push({ style, children: parseFormatting(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}
