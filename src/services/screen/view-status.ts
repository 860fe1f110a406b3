/** A centred status card: an icon in the status's tone, a title and one or two lines of detail. */
import { backdrop, card } from './chrome';
import { STATUS_COPY, STATUS_FALLBACK, statusLabel, type StatusTone } from './copy';
import { alertIcon, checkIcon, offIcon, pauseIcon, spinnerIcon } from './icons';
import type { Raster } from './raster';
import { fitText, measureText, wrapText } from './text';
import { COLORS, mix, SCREEN_WIDTH } from './theme';

const CARD = { w: 560, h: 330, y: 120 };
const ICON_RADIUS = 34;

const TONE_COLOR: Record<StatusTone, number> = {
  busy: COLORS.band,
  ok: COLORS.band,
  warning: COLORS.warning,
  error: COLORS.danger,
  paused: COLORS.idle,
  off: COLORS.idle,
};

/** Draws the status screen of a phone; message replaces the status's default explanation. */
export function statusScreen(status: string, message: string | undefined, phoneId: number): Raster {
  const copy = STATUS_COPY[status] ?? STATUS_FALLBACK(status);
  const r = backdrop(phoneId);
  const x = (SCREEN_WIDTH - CARD.w) / 2;
  card(r, x, CARD.y, CARD.w, CARD.h);
  const cx = SCREEN_WIDTH / 2;
  const iconY = CARD.y + 70;
  drawToneIcon(r, copy.tone, cx, iconY);

  r.drawText(cx, iconY + 60, copy.title(phoneId), COLORS.title, 2, { align: 'center', maxWidth: CARD.w - 64 });
  const detail = wrapText(message?.trim() || copy.hint, CARD.w - 96, { scale: 1.5 }, 2);
  detail.forEach((line, i) => r.drawText(cx, iconY + 108 + i * 26, line, COLORS.muted, 1.5, { align: 'center' }));

  const label = fitText(statusLabel(status), CARD.w - 120);
  const pill = measureText(label) + 28;
  const pillY = CARD.y + CARD.h - 52;
  r.fillRoundRect(cx - pill / 2, pillY, pill, 26, 13, COLORS.background);
  r.drawText(cx, pillY + 6, label, COLORS.muted, 1, { align: 'center' });
  return r;
}

function drawToneIcon(r: Raster, tone: StatusTone, cx: number, cy: number): void {
  const color = TONE_COLOR[tone];
  if (tone === 'busy') {
    r.fillCircle(cx, cy, ICON_RADIUS, mix(color, COLORS.panel, 0.88));
    spinnerIcon(r, cx, cy, ICON_RADIUS * 0.55, color, mix(color, COLORS.panel, 0.88));
    return;
  }
  r.fillCircle(cx, cy, ICON_RADIUS, color);
  const size = ICON_RADIUS * 0.7;
  if (tone === 'ok') checkIcon(r, cx, cy, size, COLORS.panel);
  else if (tone === 'paused') pauseIcon(r, cx, cy, size, COLORS.panel);
  else if (tone === 'off') offIcon(r, cx, cy, size, COLORS.panel);
  else alertIcon(r, cx, cy, size, COLORS.panel);
}
