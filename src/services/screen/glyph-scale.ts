/**
 * Enlarging the 1-bit glyphs of the screen font: pixel-art smoothing (Scale2x/Scale3x, then a 2x2
 * box filter) for modest sizes, strokes through the pixels for large ones. Either way the result
 * is an anti-aliased coverage mask instead of blocky steps.
 */

/** A 1-bit image: `px[y * w + x]` is 1 where inked. */
export interface Bitmap {
  w: number;
  h: number;
  px: Uint8Array;
}

/** An 8-bit coverage mask. */
export interface Coverage {
  width: number;
  height: number;
  alpha: Uint8Array;
}

const STROKE_WIDTH = 1;
const BOLD_STROKE_WIDTH = 1.45;

/** Doubles every vertical stroke by overprinting the glyph one pixel to the right. */
export function embolden(b: Bitmap): Bitmap {
  const w = b.w + 1;
  const px = new Uint8Array(w * b.h);
  for (let y = 0; y < b.h; y++) {
    for (let x = 0; x < w; x++) {
      px[y * w + x] = (x < b.w ? b.px[y * b.w + x]! : 0) | (x > 0 ? b.px[y * b.w + x - 1]! : 0);
    }
  }
  return { w, h: b.h, px };
}

/** Upscales by `factor` (twice the target scale) with pixel-art smoothing, then halves with a box filter. */
export function smoothScale(bits: Bitmap, factor: number): Coverage {
  let b = bits;
  let rest = factor;
  while (rest % 2 === 0) {
    b = scale2x(b);
    rest /= 2;
  }
  while (rest % 3 === 0) {
    b = scale3x(b);
    rest /= 3;
  }
  if (rest > 1) b = nearest(b, rest);
  const width = Math.ceil(b.w / 2);
  const height = Math.ceil(b.h / 2);
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < b.h; y++) {
    for (let x = 0; x < b.w; x++) if (b.px[y * b.w + x]) alpha[(y >> 1) * width + (x >> 1)]! += 1;
  }
  for (let i = 0; i < alpha.length; i++) alpha[i] = Math.round((alpha[i]! * 255) / 4);
  return { width, height, alpha };
}

/**
 * The glyph as round-capped strokes between 8-connected ink pixels, anti-aliased from the distance
 * to each stroke: the 1-pixel strokes of the font are its skeleton.
 */
export function strokeGlyph(ink: Bitmap, scale: number, bold: boolean): Coverage & { advance: number } {
  const extra = bold ? 0.5 : 0;
  const half = ((bold ? BOLD_STROKE_WIDTH : STROKE_WIDTH) * scale) / 2;
  const width = Math.ceil((ink.w + extra) * scale);
  const height = Math.ceil((ink.h + 0.25) * scale);
  const cover = new Float32Array(width * height);
  const centre = (x: number, y: number): [number, number] => [(x + 0.5 + extra / 2) * scale, (y + 0.5) * scale];
  const capsule = (ax: number, ay: number, bx: number, by: number) => {
    const [x0, y0] = centre(ax, ay);
    const [x1, y1] = centre(bx, by);
    const dx = x1 - x0,
      dy = y1 - y0;
    const len2 = dx * dx + dy * dy || 1;
    for (
      let py = Math.max(0, Math.floor(Math.min(y0, y1) - half - 1));
      py < Math.min(height, Math.ceil(Math.max(y0, y1) + half + 1));
      py++
    ) {
      for (
        let px = Math.max(0, Math.floor(Math.min(x0, x1) - half - 1));
        px < Math.min(width, Math.ceil(Math.max(x0, x1) + half + 1));
        px++
      ) {
        const t = Math.max(0, Math.min(1, ((px + 0.5 - x0) * dx + (py + 0.5 - y0) * dy) / len2));
        const c = half + 0.5 - Math.hypot(px + 0.5 - x0 - t * dx, py + 0.5 - y0 - t * dy);
        if (c > cover[py * width + px]!) cover[py * width + px] = Math.min(1, c);
      }
    }
  };
  for (let y = 0; y < ink.h; y++) {
    for (let x = 0; x < ink.w; x++) {
      if (!at(ink, x, y)) continue;
      capsule(x, y, x, y);
      if (at(ink, x + 1, y)) capsule(x, y, x + 1, y);
      if (at(ink, x, y + 1)) capsule(x, y, x, y + 1);
      // A diagonal only where no orthogonal pair already turns the corner, or corners fill in.
      if (at(ink, x + 1, y + 1) && !at(ink, x + 1, y) && !at(ink, x, y + 1)) capsule(x, y, x + 1, y + 1);
      if (at(ink, x - 1, y + 1) && !at(ink, x - 1, y) && !at(ink, x, y + 1)) capsule(x, y, x - 1, y + 1);
    }
  }
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = Math.round(cover[i]! * 255);
  return { width, height, alpha, advance: (ink.w + 1 + extra) * scale };
}

function at(b: Bitmap, x: number, y: number): number {
  return x < 0 || y < 0 || x >= b.w || y >= b.h ? 0 : b.px[y * b.w + x]!;
}

function scale2x(b: Bitmap): Bitmap {
  const w = b.w * 2;
  const px = new Uint8Array(w * b.h * 2);
  for (let y = 0; y < b.h; y++) {
    for (let x = 0; x < b.w; x++) {
      const p = at(b, x, y),
        a = at(b, x, y - 1),
        r = at(b, x + 1, y),
        l = at(b, x - 1, y),
        d = at(b, x, y + 1);
      const o = y * 2 * w + x * 2;
      px[o] = l === a && l !== d && a !== r ? a : p;
      px[o + 1] = a === r && a !== l && r !== d ? r : p;
      px[o + w] = d === l && d !== r && l !== a ? l : p;
      px[o + w + 1] = r === d && r !== a && d !== l ? d : p;
    }
  }
  return { w, h: b.h * 2, px };
}

function scale3x(b: Bitmap): Bitmap {
  const w = b.w * 3;
  const px = new Uint8Array(w * b.h * 3);
  for (let y = 0; y < b.h; y++) {
    for (let x = 0; x < b.w; x++) {
      const A = at(b, x - 1, y - 1),
        B = at(b, x, y - 1),
        C = at(b, x + 1, y - 1);
      const D = at(b, x - 1, y),
        E = at(b, x, y),
        F = at(b, x + 1, y);
      const G = at(b, x - 1, y + 1),
        H = at(b, x, y + 1),
        I = at(b, x + 1, y + 1);
      const o = y * 3 * w + x * 3;
      const out = [E, E, E, E, E, E, E, E, E];
      if (B !== H && D !== F) {
        out[0] = D === B ? D : E;
        out[1] = (D === B && E !== C) || (B === F && E !== A) ? B : E;
        out[2] = B === F ? F : E;
        out[3] = (D === B && E !== G) || (D === H && E !== A) ? D : E;
        out[5] = (B === F && E !== I) || (H === F && E !== C) ? F : E;
        out[6] = D === H ? D : E;
        out[7] = (D === H && E !== I) || (H === F && E !== G) ? H : E;
        out[8] = H === F ? F : E;
      }
      for (let i = 0; i < 9; i++) px[o + Math.floor(i / 3) * w + (i % 3)] = out[i]!;
    }
  }
  return { w, h: b.h * 3, px };
}

function nearest(b: Bitmap, k: number): Bitmap {
  const w = b.w * k;
  const px = new Uint8Array(w * b.h * k);
  for (let y = 0; y < b.h * k; y++) {
    for (let x = 0; x < w; x++) px[y * w + x] = b.px[Math.floor(y / k) * b.w + Math.floor(x / k)]!;
  }
  return { w, h: b.h * k, px };
}
