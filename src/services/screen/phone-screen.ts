import { desc, eq } from 'drizzle-orm';
import { chats, type PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { effectiveStatus } from '../phones/phones';
import { renderScreen, type ScreenView } from './render';

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

/** What the phone's screen shows now, and a tag that changes whenever the picture would. */
async function viewOf(ctx: ServiceCtx, row: PhoneRow): Promise<{ view: ScreenView; tag: string }> {
  const status = effectiveStatus(row);
  if (status === 'qr-screen' && row.qr)
    return { view: { kind: 'qr', qr: row.qr, phoneId: row.id }, tag: `qr|${row.qr}` };
  if (status === 'PAIRING' && row.pairingCode) {
    return {
      view: { kind: 'pairing', code: row.pairingCode, number: row.number ?? '', phoneId: row.id },
      tag: `pair|${row.pairingCode}`,
    };
  }
  if (status === 'active') {
    const list = await ctx.db
      .select()
      .from(chats)
      .where(eq(chats.phoneId, row.id))
      .orderBy(desc(chats.lastAt))
      .limit(SCREEN_CHATS)
      .all();
    const view: ScreenView = {
      kind: 'active',
      phoneId: row.id,
      me: { name: row.meName ?? row.name, number: row.number ?? '' },
      chats: list.map((ch) => ({
        name: ch.name || ch.jid.split('@')[0]!,
        last: ch.lastText,
        time: hhmm(ch.lastAt),
        ...(ch.unread ? { unread: ch.unread } : {}),
      })),
    };
    return { view, tag: `active|${row.meName}|${row.number}|${JSON.stringify(view.chats)}` };
  }
  const message = row.state?.message || STATUS_MESSAGES[status] || '';
  return {
    view: { kind: 'status', status, ...(message ? { message } : {}), phoneId: row.id },
    tag: `status|${status}|${message}`,
  };
}

export interface PhoneScreen {
  /** A strong ETag of the picture: equal tags, equal pictures. */
  etag: string;
  status: string;
  /** Renders the PNG (only when the caller does not have it already). */
  render(): Promise<Uint8Array<ArrayBuffer>>;
}

/** The phone's screen: the QR while linking, the pairing code, the chat list when active, else its status. */
export async function phoneScreen(ctx: ServiceCtx, row: PhoneRow): Promise<PhoneScreen> {
  const { view, tag } = await viewOf(ctx, row);
  return { etag: `"${fnv(tag)}"`, status: effectiveStatus(row), render: () => renderScreen(view) };
}
