/**
 * The screen font: printable ASCII of X.Org's misc-fixed 6x13 ("Public domain font. Share and
 * enjoy."), drawn proportionally by trimming each glyph's empty columns. Anything outside ASCII is
 * folded to its base letter (ş -> s, İ -> I) or to '?', so no user text can break a render.
 */

/** Height of a glyph cell in pixels at scale 1: 2 rows above the capitals, 2 below the baseline. */
export const CELL_HEIGHT = 13;
/** Rows from the cell top to the top of a capital letter, and the capital height. */
export const CAP_TOP = 2;
export const CAP_HEIGHT = 9;

const SPACE_WIDTH = 3;
const FIRST = 0x20;

// Rows 1-12 of each 13-row cell (row 0 is blank in every glyph), two hex digits a row, bit 0x80 the
// leftmost column; one entry per character from 0x20 to 0x7e. The period, colon and semicolon use
// square 2x2 dots instead of the original small crosses, which read as '+' once scaled up.
const GLYPHS = [
  '000000000000000000000000 002020202020202000200000 005050500000000000000000 00005050F850F85050000000 002078A0A0702828F0200000 0048A85010204050A8900000', //  !"#$%
  '000040A0A040A09890680000 002020200000000000000000 102020404040404020201000 402020101010101020204000 0020A870A820000000000000 0000002020F8202000000000', // &'()*+
  '000000000000000030204000 0000000000F8000000000000 000000000000000060600000 000808101020404080800000 002050888888888850200000 002060A02020202020F80000', // ,-./01
  '007088880810204080F80000 00F808102070080888700000 00101030505090F810100000 00F88080B0C8080888700000 0070888080F0888888700000 00F808101020204040400000', // 234567
  '007088888870888888700000 007088888878080888700000 000000006060000060600000 000000003030000030204000 000810204080402010080000 00000000F80000F800000000', // 89:;<=
  '008040201008102040800000 007088880810202000200000 0070888898A8A8B080780000 002050888888F88888880000 00F048484870484848F00000 007088808080808088700000', // >?@ABC
  '00F048484848484848F00000 00F8808080F0808080F80000 00F8808080F0808080800000 007088808080988888700000 0088888888F8888888880000 007020202020202020700000', // DEFGHI
  '003810101010101090600000 00888890A0C0A09088880000 008080808080808080F80000 008888D8A8A8888888880000 0088C8C8A8A8989888880000 007088888888888888700000', // JKLMNO
  '00F0888888F0808080800000 0070888888888888A8700800 00F0888888F0A09088880000 007088808070080888700000 00F820202020202020200000 008888888888888888700000', // PQRSTU
  '008888888850505020200000 0088888888A8A8A8A8500000 008888505020505088880000 008888505020202020200000 00F808101020404080F80000 704040404040404040407000', // VWXYZ[
  '008080404020101008080000 701010101010101010107000 002050880000000000000000 00000000000000000000F800 201000000000000000000000 000000007008788898680000', // \]^_`a
  '00808080F088888888F00000 000000007088808088700000 000808087888888888780000 000000007088F88088700000 0030484040F0404040400000 000000007088888878088870', // bcdefg
  '00808080B0C8888888880000 000020006020202020700000 000010003010101010909060 0080808090A0C0A090880000 006020202020202020700000 00000000D0A8A8A8A8880000', // hijklm
  '00000000B0C8888888880000 000000007088888888700000 00000000F0888888F0808080 000000007888888878080808 00000000B0C8808080800000 000000007088601088700000', // nopqrs
  '00004040F040404048300000 000000008888888898680000 000000008888885050200000 000000008888A8A8A8500000 000000008850202050880000 000000008888889868088870', // tuvwxy
  '00000000F810204080F80000 1820202020C0202020201800 002020202020202020200000 C0202020201820202020C000 0048A8900000000000000000', // z{|}~
]
  .join(' ')
  .split(' ');

/** A glyph trimmed to its inked columns: `ink[row * width + col]` is 1 where the pixel is set. */
export interface Glyph {
  width: number;
  ink: Uint8Array;
}

const cache = new Map<number, Glyph>();

/** The trimmed 1-bit glyph of a printable ASCII code (callers fold text with toFontText first). */
export function glyphOf(code: number): Glyph {
  const hit = cache.get(code);
  if (hit) return hit;
  const hex = GLYPHS[code - FIRST] ?? GLYPHS['?'.charCodeAt(0) - FIRST]!;
  const rows = [0];
  for (let i = 0; i < hex.length; i += 2) rows.push(parseInt(hex.slice(i, i + 2), 16));
  const used = rows.reduce((a, b) => a | b, 0);
  let glyph: Glyph;
  if (used === 0) glyph = { width: SPACE_WIDTH, ink: new Uint8Array(SPACE_WIDTH * CELL_HEIGHT) };
  else {
    const left = Math.clz32(used) - 24;
    const width = 8 - left - (31 - Math.clz32(used & -used));
    const ink = new Uint8Array(width * CELL_HEIGHT);
    rows.forEach((bits, y) => {
      for (let x = 0; x < width; x++) ink[y * width + x] = (bits >> (7 - left - x)) & 1;
    });
    glyph = { width, ink };
  }
  cache.set(code, glyph);
  return glyph;
}

// Letters NFD cannot take apart, and punctuation people type from phones.
const FOLDS: Record<string, string> = {
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ð: 'd',
  Ð: 'D',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': ',',
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u2022': '*',
  '\u00b7': '.',
  '\u00a0': ' ',
  '\u00d7': 'x',
  '\u00ab': '<<',
  '\u00bb': '>>',
  '\u20ac': 'EUR',
  '\u20ba': 'TL',
  '\t': ' ',
  '\n': ' ',
  '\r': ' ',
};

// Marks that only modify the character before them (accents, emoji joiners, variation selectors,
// skin tones): dropping them keeps one '?' per emoji instead of several.
const MODIFIER = /^[\u0300-\u036f\u200b-\u200f\ufe00-\ufe0f\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]$/u;

/** Folds any text to the printable ASCII the font draws: accents dropped, other characters '?'. */
export function toFontText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= FIRST && code < 0x7f) out += ch;
    else if (FOLDS[ch] !== undefined) out += FOLDS[ch];
    else if (MODIFIER.test(ch)) continue;
    else {
      const base = ch.normalize('NFD')[0]!;
      const baseCode = base.charCodeAt(0);
      out += baseCode >= FIRST && baseCode < 0x7f ? base : '?';
    }
  }
  return out;
}
