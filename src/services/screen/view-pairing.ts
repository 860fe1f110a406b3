/** The pairing-code screen: the 8-character code in boxes, as WhatsApp asks for it on the phone. */
import { backdrop, card, steps } from './chrome';
import { PAIRING_COPY } from './copy';
import type { Raster } from './raster';
import { fitText, textTopFor } from './text';
import { COLORS, displayNumber } from './theme';

const CARD = { x: 64, y: 76, w: 832, h: 460 };
const BOX = { w: 60, h: 80, gap: 12, dash: 40 };
const CODE_SCALE = 4;
const MAX_CHARS = 12;

/** Draws the pairing screen with the code split in two groups of four. */
export function pairingScreen(code: string, number: string, phoneId: number): Raster {
  const r = backdrop(phoneId);
  card(r, CARD.x, CARD.y, CARD.w, CARD.h);
  const cx = CARD.x + CARD.w / 2;
  r.drawText(cx, CARD.y + 44, PAIRING_COPY.title, COLORS.title, 2, { align: 'center' });
  const linking = fitText(PAIRING_COPY.linking(number ? displayNumber(number) : ''), CARD.w - 96, { scale: 1.5 });
  r.drawText(cx, CARD.y + 86, linking, COLORS.muted, 1.5, { align: 'center' });

  const chars = code
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, MAX_CHARS)
    .split('');
  const half = chars.length === 8 ? 4 : chars.length;
  const total = chars.length * BOX.w + (chars.length - 1) * BOX.gap + (half < chars.length ? BOX.dash : 0);
  let x = cx - total / 2;
  const top = CARD.y + 132;
  chars.forEach((ch, i) => {
    if (i === half) {
      r.fillRoundRect(x + (BOX.dash - 14) / 2 - BOX.gap / 2, top + BOX.h / 2 - 2, 14, 4, 2, COLORS.muted);
      x += BOX.dash;
    }
    r.fillRoundRect(x, top, BOX.w, BOX.h, 8, COLORS.border);
    r.fillRoundRect(x + 1.5, top + 1.5, BOX.w - 3, BOX.h - 3, 7, COLORS.panel);
    r.drawText(x + BOX.w / 2, textTopFor(top + BOX.h / 2, { scale: CODE_SCALE }), ch, COLORS.strong, CODE_SCALE, {
      align: 'center',
      bold: true,
    });
    x += BOX.w + BOX.gap;
  });

  steps(r, CARD.x + 150, top + BOX.h + 40, CARD.w - 300, PAIRING_COPY.steps);
  return r;
}
