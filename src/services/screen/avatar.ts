/**
 * Avatars: a seed-coloured disc or square with the name's initials, or WhatsApp's grey person
 * silhouette when the name has no letters (a bare number, only emoji).
 */
import { toFontText } from './font';
import { Raster } from './raster';
import { measureText, textScaleAtMost, textTopFor } from './text';
import { avatarColor, COLORS } from './theme';

/** Up to two initials of a name (first and last word), upper case; '' when it has no letters. */
export function initialsOf(name: string): string {
  const words = toFontText(name)
    .split(' ')
    .filter((w) => /^[A-Za-z]/.test(w));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]![0]! : '';
  return (first + last).toUpperCase();
}

/** Draws an avatar centred on cx, cy: a circle of radius r, or with square, a 2r square. */
export function drawAvatar(
  r: Raster,
  cx: number,
  cy: number,
  radius: number,
  name: string,
  seed: string,
  square = false,
): void {
  const initials = initialsOf(name);
  const background = initials ? avatarColor(seed) : COLORS.avatarBlank;
  const clip = square ? undefined : { cx, cy, r: radius };
  if (square) r.fillRect(cx - radius, cy - radius, radius * 2, radius * 2, background);
  else r.fillCircle(cx, cy, radius, background);
  if (!initials) {
    r.fillCircle(cx, cy - radius * 0.2, radius * 0.38, COLORS.panel, clip);
    r.fillCircle(cx, cy + radius * 1.04, radius * 0.84, COLORS.panel, clip);
    return;
  }
  // Capitals about 0.75 of the radius high for one letter, a bit less for two so they fit the circle.
  const target = (radius * (initials.length > 1 ? 0.7 : 0.8)) / 9;
  let scale = textScaleAtMost(target);
  while (scale > 1 && measureText(initials, { scale, bold: scale >= 3 }) > radius * 1.2)
    scale = textScaleAtMost(scale - 0.5);
  r.drawText(cx, textTopFor(cy, { scale }), initials, COLORS.onHeader, scale, { align: 'center', bold: scale >= 3 });
}

/** A square profile picture PNG of the given size. */
export function avatarPng(name: string, seed: string, size: number): Promise<Uint8Array<ArrayBuffer>> {
  const side = Math.max(16, Math.min(1024, Math.round(size)));
  const r = new Raster(side, side, COLORS.panel);
  drawAvatar(r, side / 2, side / 2, side / 2, name, seed, true);
  return r.toPng();
}
