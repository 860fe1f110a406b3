/**
 * A tiny RGBA drawing surface: rectangles, anti-aliased circles and rounded rectangles, text in the
 * screen font and QR matrices. Colours are 0xRRGGBB numbers; every shape is clipped to the surface.
 */
import { toFontText } from './font';
import { encodePng } from './png';
import type { QrMatrix } from './qr';
import { fitText, glyphMask, measureText, type TextStyle } from './text';

/** 0xRRGGBB. */
export type Color = number;

/** How drawText places and limits its text. */
export interface TextOptions extends TextStyle {
  align?: 'left' | 'center' | 'right';
  maxWidth?: number;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

interface Circle {
  cx: number;
  cy: number;
  r: number;
}

/** An opaque RGBA image being drawn on, top-left origin; toPng encodes it. */
export class Raster {
  readonly data: Uint8Array<ArrayBuffer>;
  // The same pixels a word each, so solid fills are one TypedArray.fill per row.
  private readonly words: Uint32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Color,
  ) {
    this.data = new Uint8Array(width * height * 4);
    this.words = new Uint32Array(this.data.buffer);
    this.fillRect(0, 0, width, height, background);
  }

  /** Mixes color into one pixel with coverage alpha (0-255). */
  blend(x: number, y: number, color: Color, alpha = 255): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    const d = this.data;
    const a = Math.min(alpha, 255) / 255;
    d[i] = d[i]! + (((color >> 16) & 255) - d[i]!) * a;
    d[i + 1] = d[i + 1]! + (((color >> 8) & 255) - d[i + 1]!) * a;
    d[i + 2] = d[i + 2]! + ((color & 255) - d[i + 2]!) * a;
    d[i + 3] = 255;
  }

  /** Fills an axis-aligned rectangle, optionally translucent. */
  fillRect(x: number, y: number, w: number, h: number, color: Color, alpha = 255): void {
    const x0 = Math.max(0, Math.round(x)),
      y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w)),
      y1 = Math.min(this.height, Math.round(y + h));
    if (alpha < 255) {
      for (let py = y0; py < y1; py++) for (let px = x0; px < x1; px++) this.blend(px, py, color, alpha);
      return;
    }
    const r = (color >> 16) & 255,
      g = (color >> 8) & 255,
      b = color & 255;
    const word = LITTLE_ENDIAN
      ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0
      : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
    for (let py = y0; py < y1; py++) this.words.fill(word, py * this.width + x0, py * this.width + x1);
  }

  /** Fills a rectangle with anti-aliased rounded corners of the given radius. */
  fillRoundRect(x: number, y: number, w: number, h: number, radius: number, color: Color): void {
    const r = Math.min(radius, w / 2, h / 2);
    this.fillRect(x + r, y, w - 2 * r, h, color);
    this.fillRect(x, y + r, r, h - 2 * r, color);
    this.fillRect(x + w - r, y + r, r, h - 2 * r, color);
    const corners: [number, number][] = [
      [x + r, y + r],
      [x + w - r, y + r],
      [x + r, y + h - r],
      [x + w - r, y + h - r],
    ];
    corners.forEach(([cx, cy], i) => {
      const left = i % 2 === 0 ? x : x + w - r;
      const top = i < 2 ? y : y + h - r;
      for (let py = Math.floor(top); py < Math.ceil(top + r); py++) {
        for (let px = Math.floor(left); px < Math.ceil(left + r); px++) {
          this.blend(px, py, color, coverage(px, py, { cx, cy, r }) * 255);
        }
      }
    });
  }

  /** Fills an anti-aliased circle; with clip, only where it overlaps that circle too. */
  fillCircle(cx: number, cy: number, r: number, color: Color, clip?: Circle): void {
    for (let py = Math.floor(cy - r - 1); py <= Math.ceil(cy + r); py++) {
      for (let px = Math.floor(cx - r - 1); px <= Math.ceil(cx + r); px++) {
        let c = coverage(px, py, { cx, cy, r });
        if (clip && c > 0) c = Math.min(c, coverage(px, py, clip));
        if (c > 0) this.blend(px, py, color, c * 255);
      }
    }
  }

  /** Draws a ring (circle outline) of the given stroke width. */
  strokeCircle(cx: number, cy: number, r: number, width: number, color: Color): void {
    const inner = { cx, cy, r: r - width };
    for (let py = Math.floor(cy - r - 1); py <= Math.ceil(cy + r); py++) {
      for (let px = Math.floor(cx - r - 1); px <= Math.ceil(cx + r); px++) {
        const c = coverage(px, py, { cx, cy, r }) - coverage(px, py, inner);
        if (c > 0) this.blend(px, py, color, c * 255);
      }
    }
  }

  /** Draws an anti-aliased straight line with round caps. */
  strokeLine(x0: number, y0: number, x1: number, y1: number, width: number, color: Color): void {
    const half = width / 2;
    const dx = x1 - x0,
      dy = y1 - y0;
    const len2 = dx * dx + dy * dy || 1;
    for (let py = Math.floor(Math.min(y0, y1) - half - 1); py <= Math.ceil(Math.max(y0, y1) + half); py++) {
      for (let px = Math.floor(Math.min(x0, x1) - half - 1); px <= Math.ceil(Math.max(x0, x1) + half); px++) {
        const t = Math.max(0, Math.min(1, ((px + 0.5 - x0) * dx + (py + 0.5 - y0) * dy) / len2));
        const d = Math.hypot(px + 0.5 - (x0 + t * dx), py + 0.5 - (y0 + t * dy));
        const c = Math.max(0, Math.min(1, half - d + 0.5));
        if (c > 0) this.blend(px, py, color, c * 255);
      }
    }
  }

  /** Draws one line of text with its cell's top-left (or top-centre / top-right) at x, y; returns its width. */
  drawText(
    x: number,
    y: number,
    text: string,
    color: Color,
    scale = 1,
    options: Omit<TextOptions, 'scale'> = {},
  ): number {
    const style = { scale, bold: options.bold };
    const shown = options.maxWidth === undefined ? toFontText(text) : fitText(text, options.maxWidth, style);
    const width = measureText(shown, style);
    let pen = options.align === 'center' ? x - width / 2 : options.align === 'right' ? x - width : x;
    const top = Math.round(y);
    for (let i = 0; i < shown.length; i++) {
      const mask = glyphMask(shown.charCodeAt(i), style);
      const left = Math.round(pen);
      for (let gy = 0; gy < mask.height; gy++) {
        for (let gx = 0; gx < mask.width; gx++) {
          const a = mask.alpha[gy * mask.width + gx]!;
          if (a) this.blend(left + gx, top + gy, color, a);
        }
      }
      pen += mask.advance;
    }
    return width;
  }

  /** Draws a QR matrix with its top-left at x, y, each module a moduleSize square. */
  drawQrMatrix(x: number, y: number, qr: QrMatrix, moduleSize: number, dark: Color, light: Color): void {
    this.fillRect(x, y, qr.size * moduleSize, qr.size * moduleSize, light);
    for (let row = 0; row < qr.size; row++) {
      for (let col = 0; col < qr.size; col++) {
        if (qr.dark[row * qr.size + col])
          this.fillRect(x + col * moduleSize, y + row * moduleSize, moduleSize, moduleSize, dark);
      }
    }
  }

  /** The surface as PNG file bytes. */
  toPng(): Promise<Uint8Array<ArrayBuffer>> {
    return encodePng(this.width, this.height, this.data);
  }
}

/** Share (0-1) of pixel (px, py) inside a circle, approximated from the distance of its centre. */
function coverage(px: number, py: number, c: Circle): number {
  const d = Math.hypot(px + 0.5 - c.cx, py + 0.5 - c.cy);
  return Math.max(0, Math.min(1, c.r - d + 0.5));
}
