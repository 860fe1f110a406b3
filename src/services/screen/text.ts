/**
 * Text layout on the screen font: glyph coverage masks at any half-step scale (cached), measuring,
 * ellipsis and word wrap.
 */
import { CAP_HEIGHT, CAP_TOP, CELL_HEIGHT, glyphOf, toFontText } from './font';
import { type Bitmap, embolden, smoothScale, strokeGlyph } from './glyph-scale';

/** Text options: scale in half steps (1, 1.5, 2, ...), bold doubles each vertical stroke. */
export interface TextStyle {
  scale?: number;
  bold?: boolean;
}

/** Coverage of one glyph, 0-255 a pixel, `width` x `height` pixels. */
export interface GlyphMask {
  width: number;
  height: number;
  alpha: Uint8Array;
  advance: number;
}

const ELLIPSIS = '...';
// From this scale on, glyphs are drawn as strokes (see strokeGlyph): pixel smoothing alone turns
// wobbly when blown up.
const STROKE_FROM = 3;
const masks = new Map<string, GlyphMask>();

/** The coverage mask of an ASCII character code at a style, cached. */
export function glyphMask(code: number, style: TextStyle = {}): GlyphMask {
  const scale = Math.max(1, Math.round((style.scale ?? 1) * 2) / 2);
  const key = `${code}:${scale}:${style.bold ? 1 : 0}`;
  const hit = masks.get(key);
  if (hit) return hit;
  const glyph = glyphOf(code);
  const ink: Bitmap = { w: glyph.width, h: CELL_HEIGHT, px: glyph.ink };
  let result: GlyphMask;
  if (scale >= STROKE_FROM) result = strokeGlyph(ink, scale, Boolean(style.bold));
  else {
    const bits = style.bold ? embolden(ink) : ink;
    const mask =
      scale === 1
        ? { width: bits.w, height: bits.h, alpha: bits.px.map((b) => b * 255) }
        : smoothScale(bits, scale * 2);
    result = { ...mask, advance: (bits.w + 1) * scale };
  }
  masks.set(key, result);
  return result;
}

/** Width in pixels of text drawn at a style (the spacing after the last glyph is not counted). */
export function measureText(text: string, style: TextStyle = {}): number {
  const folded = toFontText(text);
  let width = 0;
  for (let i = 0; i < folded.length; i++) width += glyphMask(folded.charCodeAt(i), style).advance;
  return folded.length ? width - (style.scale ?? 1) : 0;
}

/** The text, cut and ended with '...' when it is wider than maxWidth. */
export function fitText(text: string, maxWidth: number, style: TextStyle = {}): string {
  const folded = toFontText(text).trim();
  if (measureText(folded, style) <= maxWidth) return folded;
  let lo = 0;
  let hi = folded.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measureText(folded.slice(0, mid).trimEnd() + ELLIPSIS, style) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return folded.slice(0, lo).trimEnd() + ELLIPSIS;
}

/** Splits text into lines no wider than maxWidth, breaking at spaces; at most maxLines lines. */
export function wrapText(text: string, maxWidth: number, style: TextStyle = {}, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of toFontText(text).split(/ +/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || measureText(next, style) <= maxWidth) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((l) => fitText(l, maxWidth, style));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitText(`${kept[maxLines - 1]} ${lines[maxLines]}${ELLIPSIS}`, maxWidth, style);
  return kept.map((l) => fitText(l, maxWidth, style));
}

/** The y of a text cell's top that centres its capital letters on centerY. */
export function textTopFor(centerY: number, style: TextStyle = {}): number {
  const scale = style.scale ?? 1;
  return Math.round(centerY - (CAP_TOP + CAP_HEIGHT / 2) * scale);
}

/** The largest scale not above target that renders cleanly: 1, 1.5, 2, then any half step from 3 (strokes). */
export function textScaleAtMost(target: number): number {
  if (target >= STROKE_FROM) return Math.floor(target * 2) / 2;
  return target >= 2 ? 2 : target >= 1.5 ? 1.5 : 1;
}

/** Line height of a style, with a little leading. */
export function lineHeight(style: TextStyle = {}): number {
  return Math.round((CELL_HEIGHT + 3) * (style.scale ?? 1));
}
