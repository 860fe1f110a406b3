import { desc, eq } from 'drizzle-orm';
import { chats } from '../../../db/schema';
import type { AppContext } from '../../env';
import type { PhoneRow } from '../../services/phones/phones';
import { renderScreen, type ScreenView } from '../../services/screen/render';

/** Chats the active screen lists. */
const SCREEN_CHATS = 8;

const STATUS_MESSAGES: Record<string, string> = {
  'creating...': 'The instance is being created.',
  loading: 'The session is starting.',
  idle: 'The QR code timed out. Redeploy the phone to get a new one.',
  'conn-retry': 'No internet: reconnecting...',
  disabled: 'The phone is disabled. Enable it to use it again.',
};

function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

function hhmm(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

async function viewOf(c: AppContext, row: PhoneRow): Promise<{ view: ScreenView; tag: string }> {
  const status = row.enabled ? row.status : 'disabled';
  if (status === 'qr-screen' && row.qr) return { view: { kind: 'qr', qr: row.qr, phoneId: row.id }, tag: `qr|${row.qr}` };
  if (status === 'PAIRING' && row.pairingCode) {
    return { view: { kind: 'pairing', code: row.pairingCode, number: row.number ?? '', phoneId: row.id }, tag: `pair|${row.pairingCode}` };
  }
  if (status === 'active') {
    const list = await c.get('ctx').db.select().from(chats).where(eq(chats.phoneId, row.id)).orderBy(desc(chats.lastAt)).limit(SCREEN_CHATS).all();
    const view: ScreenView = {
      kind: 'active',
      phoneId: row.id,
      me: { name: row.meName ?? row.name, number: row.number ?? '' },
      chats: list.map((ch) => ({ name: ch.name || ch.jid.split('@')[0]!, last: ch.lastText, time: hhmm(ch.lastAt), ...(ch.unread ? { unread: ch.unread } : {}) })),
    };
    return { view, tag: `active|${row.meName}|${row.number}|${JSON.stringify(view.chats)}` };
  }
  const message = row.state?.message || STATUS_MESSAGES[status] || '';
  return { view: { kind: 'status', status, ...(message ? { message } : {}), phoneId: row.id }, tag: `status|${status}|${message}` };
}

/** The session's current view as a PNG, revalidated by ETag so polling costs little. */
export async function screenResponse(c: AppContext, row: PhoneRow): Promise<Response> {
  const { view, tag } = await viewOf(c, row);
  const etag = `"${fnv(tag)}"`;
  const headers = { etag, 'cache-control': 'private, no-cache', 'x-phone-status': row.enabled ? row.status : 'disabled' };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const png = await renderScreen(view);
  return new Response(png, { status: 200, headers: { ...headers, 'content-type': 'image/png', 'content-length': String(png.byteLength) } });
}
