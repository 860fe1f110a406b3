/** The linking screen: heading and steps on the left, the QR code to scan on the right. */
import { backdrop, card, steps } from './chrome';
import { QR_COPY } from './copy';
import { qrMatrix } from './qr';
import type { Raster } from './raster';
import { wrapText } from './text';
import { COLORS } from './theme';

const CARD = { x: 64, y: 76, w: 832, h: 460 };
const PAD = 48;
const QR_BOX = 330;
const TEXT_WIDTH = CARD.w - PAD * 3 - QR_BOX;

/** Draws the QR linking screen for a phone. */
export function qrScreen(qr: string, phoneId: number): Raster {
  const r = backdrop(phoneId);
  card(r, CARD.x, CARD.y, CARD.w, CARD.h);
  const left = CARD.x + PAD;
  let y = CARD.y + PAD;
  for (const line of wrapText(QR_COPY.title, TEXT_WIDTH, { scale: 2 }, 2)) {
    r.drawText(left, y, line, COLORS.title, 2);
    y += 34;
  }
  steps(r, left, y + 26, TEXT_WIDTH, QR_COPY.steps);
  const noteLines = wrapText(QR_COPY.note, TEXT_WIDTH, {}, 2);
  noteLines.forEach((line, i) =>
    r.drawText(left, CARD.y + CARD.h - PAD - (noteLines.length - i) * 17 + 4, line, COLORS.link, 1),
  );

  // Whole pixels per module keep every module edge sharp, which is what scanners (and jsQR) need.
  const matrix = qrMatrix(qr);
  const moduleSize = Math.max(2, Math.floor(QR_BOX / matrix.size));
  const side = matrix.size * moduleSize;
  const qx = CARD.x + CARD.w - PAD - QR_BOX + Math.floor((QR_BOX - side) / 2);
  const qy = CARD.y + Math.floor((CARD.h - side) / 2);
  r.drawQrMatrix(qx, qy, matrix, moduleSize, COLORS.qrDark, COLORS.panel);
  return r;
}
