/**
 * The frame the linking and status screens share: WhatsApp Web's green band over a grey page, the
 * brand and phone label in the band, a white card, and numbered steps.
 */
import { BRAND, phoneLabel } from './copy';
import { Raster } from './raster';
import { lineHeight, wrapText } from './text';
import { COLORS, SCREEN_HEIGHT, SCREEN_WIDTH } from './theme';

const BAND_HEIGHT = 190;
const BRAND_X = 64;
const BRAND_Y = 30;

/** A blank screen with the band and the brand line naming the phone. */
export function backdrop(phoneId: number): Raster {
  const r = new Raster(SCREEN_WIDTH, SCREEN_HEIGHT, COLORS.background);
  r.fillRect(0, 0, SCREEN_WIDTH, BAND_HEIGHT, COLORS.band);
  r.fillCircle(BRAND_X + 11, BRAND_Y + 10, 11, COLORS.onHeader);
  r.fillCircle(BRAND_X + 11, BRAND_Y + 10, 7.5, COLORS.band);
  r.fillCircle(BRAND_X + 11, BRAND_Y + 10, 4, COLORS.onHeader);
  const w = r.drawText(BRAND_X + 30, BRAND_Y + 1, BRAND, COLORS.onHeader, 1.5, { bold: true });
  r.drawText(BRAND_X + 30 + w + 14, BRAND_Y + 1, phoneLabel(phoneId).toUpperCase(), COLORS.onHeaderMuted, 1.5);
  return r;
}

/** A white card with a soft bottom shadow. */
export function card(r: Raster, x: number, y: number, w: number, h: number): void {
  r.fillRoundRect(x - 1, y, w + 2, h + 3, 4, COLORS.shadow);
  r.fillRoundRect(x, y, w, h, 4, COLORS.panel);
}

/** Numbered steps, wrapped to width; returns the y below the last line. */
export function steps(r: Raster, x: number, y: number, width: number, items: readonly string[], scale = 1.5): number {
  const style = { scale };
  const line = lineHeight(style);
  const indent = Math.round(22 * scale);
  let top = y;
  items.forEach((item, i) => {
    r.drawText(x, top, `${i + 1}.`, COLORS.text, scale);
    for (const text of wrapText(item, width - indent, style, 2)) {
      r.drawText(x + indent, top, text, COLORS.text, scale);
      top += line;
    }
    top += Math.round(line * 0.6);
  });
  return top;
}
