/** Small vector icons drawn from circles and lines, sized by a radius around a centre. */
import type { Color, Raster } from './raster';
import { mix } from './theme';

const SPINNER_DOTS = 8;

/** A check mark. */
export function checkIcon(r: Raster, cx: number, cy: number, size: number, color: Color): void {
  const w = Math.max(2, size * 0.22);
  r.strokeLine(cx - size * 0.5, cy, cx - size * 0.15, cy + size * 0.35, w, color);
  r.strokeLine(cx - size * 0.15, cy + size * 0.35, cx + size * 0.55, cy - size * 0.4, w, color);
}

/** A loading indicator: a ring of dots fading from color into background. */
export function spinnerIcon(r: Raster, cx: number, cy: number, radius: number, color: Color, background: Color): void {
  for (let i = 0; i < SPINNER_DOTS; i++) {
    const angle = (i / SPINNER_DOTS) * Math.PI * 2 - Math.PI / 2;
    const shade = mix(color, background, (i / SPINNER_DOTS) * 0.85);
    r.fillCircle(cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius, radius * 0.2, shade);
  }
}

/** An exclamation mark. */
export function alertIcon(r: Raster, cx: number, cy: number, size: number, color: Color): void {
  const w = Math.max(2, size * 0.2);
  r.strokeLine(cx, cy - size * 0.55, cx, cy + size * 0.15, w, color);
  r.fillCircle(cx, cy + size * 0.5, w * 0.6, color);
}

/** Two pause bars. */
export function pauseIcon(r: Raster, cx: number, cy: number, size: number, color: Color): void {
  const w = Math.max(2, size * 0.24);
  r.strokeLine(cx - size * 0.25, cy - size * 0.45, cx - size * 0.25, cy + size * 0.45, w, color);
  r.strokeLine(cx + size * 0.25, cy - size * 0.45, cx + size * 0.25, cy + size * 0.45, w, color);
}

/** A "no entry" bar. */
export function offIcon(r: Raster, cx: number, cy: number, size: number, color: Color): void {
  r.strokeLine(cx - size * 0.55, cy, cx + size * 0.55, cy, Math.max(2, size * 0.24), color);
}

/** A magnifying glass. */
export function searchIcon(r: Raster, cx: number, cy: number, size: number, color: Color): void {
  const ring = size * 0.42;
  r.strokeCircle(cx - size * 0.12, cy - size * 0.12, ring, Math.max(1.5, size * 0.12), color);
  r.strokeLine(cx + size * 0.2, cy + size * 0.2, cx + size * 0.5, cy + size * 0.5, Math.max(1.5, size * 0.14), color);
}

/** Three vertical dots (a menu). */
export function menuIcon(r: Raster, cx: number, cy: number, size: number, color: Color): void {
  for (const dy of [-0.4, 0, 0.4]) r.fillCircle(cx, cy + dy * size, Math.max(1.5, size * 0.1), color);
}

/** A small padlock. */
export function lockIcon(r: Raster, cx: number, cy: number, size: number, color: Color): void {
  r.strokeCircle(cx, cy - size * 0.22, size * 0.3, Math.max(1.2, size * 0.13), color);
  r.fillRect(cx - size * 0.3, cy - size * 0.22, Math.max(1.2, size * 0.13), size * 0.25, color);
  r.fillRect(
    cx + size * 0.3 - Math.max(1.2, size * 0.13),
    cy - size * 0.22,
    Math.max(1.2, size * 0.13),
    size * 0.25,
    color,
  );
  r.fillRoundRect(cx - size * 0.45, cy, size * 0.9, size * 0.6, Math.max(1, size * 0.1), color);
}
