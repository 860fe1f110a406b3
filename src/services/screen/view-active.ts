/**
 * The connected phone: WhatsApp Web's layout with a green header naming the account, the chat list
 * on the left and the "connected" panel on the right.
 */
import { drawAvatar } from './avatar';
import { ACTIVE_COPY, phoneLabel } from './copy';
import { checkIcon, lockIcon, menuIcon, searchIcon } from './icons';
import { Raster } from './raster';
import { fitText, measureText, textTopFor, wrapText } from './text';
import { COLORS, displayNumber, SCREEN_HEIGHT, SCREEN_WIDTH } from './theme';

/** A chat row as the screen shows it. */
export interface ScreenChat {
  name: string;
  last: string;
  time: string;
  unread?: number;
}

/** Rows that fit under the header and the search bar. */
const MAX_CHAT_ROWS = 8;

const HEADER = 64;
const LIST_WIDTH = 400;
const SEARCH = 48;
const ROW = Math.floor((SCREEN_HEIGHT - HEADER - SEARCH) / MAX_CHAT_ROWS);
const PAD = 14;
const AVATAR = 24;
const TEXT_X = PAD + AVATAR * 2 + 14;

/** Draws the chat list screen of a logged-in phone. */
export function activeScreen(
  me: { name: string; number: string },
  chats: readonly ScreenChat[],
  phoneId: number,
): Raster {
  const r = new Raster(SCREEN_WIDTH, SCREEN_HEIGHT, COLORS.background);
  header(r, me, phoneId);
  r.fillRect(0, HEADER, LIST_WIDTH, SCREEN_HEIGHT - HEADER, COLORS.panel);
  r.fillRect(LIST_WIDTH, HEADER, 1, SCREEN_HEIGHT - HEADER, COLORS.border);
  r.fillRoundRect(PAD - 2, HEADER + 8, LIST_WIDTH - PAD * 2 + 4, SEARCH - 16, 8, COLORS.background);
  searchIcon(r, PAD + 18, HEADER + SEARCH / 2, 14, COLORS.icon);
  r.drawText(PAD + 44, textTopFor(HEADER + SEARCH / 2), ACTIVE_COPY.search, COLORS.muted, 1);

  const rows = chats.slice(0, MAX_CHAT_ROWS);
  rows.forEach((chat, i) => chatRow(r, HEADER + SEARCH + i * ROW, chat, i < rows.length - 1));
  if (!rows.length) {
    const mid = HEADER + SEARCH + (SCREEN_HEIGHT - HEADER - SEARCH) / 2 - 40;
    r.drawText(LIST_WIDTH / 2, mid, ACTIVE_COPY.empty, COLORS.title, 1.5, { align: 'center' });
    wrapText(ACTIVE_COPY.emptyHint, LIST_WIDTH - 80, {}, 3).forEach((line, i) =>
      r.drawText(LIST_WIDTH / 2, mid + 34 + i * 18, line, COLORS.muted, 1, { align: 'center' }),
    );
  }
  intro(r, phoneId);
  return r;
}

function header(r: Raster, me: { name: string; number: string }, phoneId: number): void {
  r.fillRect(0, 0, SCREEN_WIDTH, HEADER, COLORS.header);
  const number = displayNumber(me.number);
  drawAvatar(r, PAD + 22, HEADER / 2, 22, me.name || number, me.number || me.name);
  const label = phoneLabel(phoneId);
  const pill = measureText(label) + 24;
  const pillX = SCREEN_WIDTH - 52 - pill;
  const textWidth = pillX - TEXT_X - 24;
  if (me.name) {
    r.drawText(TEXT_X, 11, me.name, COLORS.onHeader, 1.5, { maxWidth: textWidth, bold: true });
    r.drawText(TEXT_X, 36, number, COLORS.onHeaderMuted, 1, { maxWidth: textWidth });
  } else
    r.drawText(TEXT_X, textTopFor(HEADER / 2, { scale: 1.5 }), number, COLORS.onHeader, 1.5, {
      maxWidth: textWidth,
      bold: true,
    });
  r.fillRoundRect(pillX, HEADER / 2 - 12, pill, 24, 12, COLORS.headerDark);
  r.drawText(pillX + pill / 2, textTopFor(HEADER / 2), label, COLORS.onHeader, 1, { align: 'center' });
  menuIcon(r, SCREEN_WIDTH - 26, HEADER / 2, 16, COLORS.onHeader);
}

function chatRow(r: Raster, top: number, chat: ScreenChat, divider: boolean): void {
  drawAvatar(r, PAD + AVATAR, top + ROW / 2, AVATAR, chat.name, chat.name);
  const right = LIST_WIDTH - PAD;
  const unread = chat.unread && chat.unread > 0 ? (chat.unread > 99 ? '99+' : String(chat.unread)) : '';
  const time = fitText(chat.time, 80);
  const timeWidth = r.drawText(right, top + 12, time, unread ? COLORS.unreadTime : COLORS.muted, 1, { align: 'right' });
  r.drawText(TEXT_X, top + 9, chat.name, COLORS.strong, 1.5, { maxWidth: right - TEXT_X - timeWidth - 12 });
  let badge = 0;
  if (unread) {
    badge = Math.max(20, measureText(unread, { bold: true }) + 12);
    r.fillRoundRect(right - badge, top + 33, badge, 20, 10, COLORS.green);
    r.drawText(right - badge / 2, textTopFor(top + 43), unread, COLORS.panel, 1, { align: 'center', bold: true });
  }
  r.drawText(TEXT_X, top + 36, chat.last, COLORS.muted, 1, { maxWidth: right - TEXT_X - (badge ? badge + 10 : 0) });
  if (divider) r.fillRect(TEXT_X, top + ROW - 1, LIST_WIDTH - TEXT_X, 1, COLORS.divider);
}

function intro(r: Raster, phoneId: number): void {
  const cx = LIST_WIDTH + (SCREEN_WIDTH - LIST_WIDTH) / 2;
  const cy = 250;
  r.fillCircle(cx, cy, 74, COLORS.avatarBlank);
  r.fillRoundRect(cx - 27, cy - 46, 54, 92, 9, COLORS.icon);
  r.fillRoundRect(cx - 23, cy - 38, 46, 72, 3, COLORS.panel);
  r.fillCircle(cx, cy + 40, 2.5, COLORS.panel);
  r.fillCircle(cx + 30, cy + 26, 21, COLORS.panel);
  r.fillCircle(cx + 30, cy + 26, 18, COLORS.green);
  checkIcon(r, cx + 30, cy + 26, 14, COLORS.panel);
  r.drawText(cx, cy + 108, ACTIVE_COPY.online(phoneId), COLORS.title, 2, { align: 'center' });
  wrapText(ACTIVE_COPY.about, SCREEN_WIDTH - LIST_WIDTH - 120, {}, 2).forEach((line, i) =>
    r.drawText(cx, cy + 152 + i * 18, line, COLORS.muted, 1, { align: 'center' }),
  );
  const lockLeft = cx - (measureText(ACTIVE_COPY.encrypted) + 18) / 2;
  lockIcon(r, lockLeft + 5, SCREEN_HEIGHT - 40, 11, COLORS.faint);
  r.drawText(lockLeft + 18, textTopFor(SCREEN_HEIGHT - 36), ACTIVE_COPY.encrypted, COLORS.faint, 1);
  r.fillRect(LIST_WIDTH + 1, SCREEN_HEIGHT - 6, SCREEN_WIDTH - LIST_WIDTH - 1, 6, COLORS.green);
}
