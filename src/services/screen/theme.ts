/**
 * Size and colours of the rendered screens, close to WhatsApp Web's light theme so the image reads
 * as "the phone's screen" at a glance.
 */
import type { Color } from './raster';

export const SCREEN_WIDTH = 960;
export const SCREEN_HEIGHT = 600;

export const COLORS = {
  background: 0xf0f2f5,
  band: 0x00a884,
  header: 0x008069,
  headerDark: 0x00664f,
  onHeader: 0xffffff,
  onHeaderMuted: 0xcfe9e2,
  panel: 0xffffff,
  title: 0x41525d,
  text: 0x3b4a54,
  strong: 0x111b21,
  muted: 0x667781,
  faint: 0x8696a0,
  icon: 0x54656f,
  divider: 0xe9edef,
  border: 0xd1d7db,
  shadow: 0xc8ced2,
  green: 0x25d366,
  unreadTime: 0x1fa855,
  link: 0x008069,
  danger: 0xea0038,
  warning: 0xf0a30a,
  idle: 0x8696a0,
  avatarBlank: 0xdfe5e7,
  qrDark: 0x122e31,
} as const satisfies Record<string, Color>;

// Saturated-but-soft backgrounds that keep white initials readable.
const AVATAR_PALETTE: Color[] = [
  0x00a884, 0x0f7bd6, 0x7b61ff, 0xe65f8a, 0xf07a2f, 0x2aa5b8, 0x8c5bd1, 0xd1495b, 0x3f8f5b, 0xc28a00, 0x4f6bd8,
  0x9c6b3f, 0x00897b, 0xc2185b, 0x5e7a8a, 0x0097a7,
];

/** 32-bit FNV-1a hash of a string: stable colours for the same seed on every runtime. */
function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The avatar background picked by a seed (a number, a name). */
export function avatarColor(seed: string): Color {
  return AVATAR_PALETTE[hashSeed(seed) % AVATAR_PALETTE.length]!;
}

/** Linear mix of two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: Color, b: Color, t: number): Color {
  const ch = (shift: number) => Math.round(((a >> shift) & 255) * (1 - t) + ((b >> shift) & 255) * t) << shift;
  return ch(16) | ch(8) | ch(0);
}

/** A phone number for display: digits get a leading '+', anything already formatted is kept. */
export function displayNumber(number: string): string {
  const n = number.split('@')[0]!.trim();
  return /^\d+$/.test(n) ? `+${n}` : n;
}
