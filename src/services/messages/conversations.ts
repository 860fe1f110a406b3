import { and, desc, eq, lt } from 'drizzle-orm';
import { chats, messages, type ChatRow, type MessageRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { findMessage } from './references';
import { quotedView } from './quoted';
import type { ChatMessage } from '../../shared/schemas/messaging/chat-message';
import { previewText } from './store';
import { chatHeld, heldChats, protectionNowOf } from './protection-budget';
import { templateSummary, templateText } from '../../shared/cloud';

/** A chat as getConversations lists it: WhatsApp's id parts plus name, type and the latest message. */
function conversationView(c: ChatRow) {
  const [user, server] = c.jid.split('@') as [string, string | undefined];
  return {
    id: c.jid,
    _serialized: c.jid,
    user,
    server: server ?? 'c.us',
    name: c.name || user,
    type: c.type,
    isGroup: c.type === 'group',
    unreadCount: c.unread,
    timestamp: Math.floor(c.lastAt / 1000),
    lastMessage: c.lastText,
  };
}

const LIST_MAX = 1_000;

/**
 * The phone's conversations, latest first (at most 1,000). Ban protection: a chat whose messages it
 * holds is listed too (no message reached it yet, so it has no chat row: it shows its latest held
 * message) and is marked `held: true`.
 */
export async function listConversations(ctx: ServiceCtx, phoneId: number) {
  const [rows, held] = await Promise.all([
    ctx.db.select().from(chats).where(eq(chats.phoneId, phoneId)).orderBy(desc(chats.lastAt)).limit(LIST_MAX).all(),
    heldChats(ctx.db, phoneId, protectionNowOf(ctx)),
  ]);
  if (held.length === 0) return rows.map(conversationView);
  const heldIds = new Set(held.map((h) => h.chat_id));
  const listed = new Set(rows.map((r) => r.jid));
  const list = [
    ...rows.map((r) => (heldIds.has(r.jid) ? { ...conversationView(r), held: true } : conversationView(r))),
    ...held
      .filter((h) => !listed.has(h.chat_id))
      .map((h) => ({
        ...conversationView({
          phoneId,
          jid: h.chat_id,
          name: '',
          type: h.chat_id.endsWith('@g.us') ? 'group' : h.chat_id.endsWith('@broadcast') ? 'broadcast' : 'chat',
          unread: 0,
          lastAt: h.created_at,
          lastText: previewText(JSON.parse(h.body) as Record<string, unknown>).slice(0, 200),
        }),
        held: true,
      })),
  ];
  return list.sort((a, b) => b.timestamp - a.timestamp).slice(0, LIST_MAX);
}

/** A message of a chat as the chat pane shows it (message-data plus delivery state); uploaded media links on `mediaOrigin` when set. */
export function messageView(row: MessageRow, mediaOrigin?: string): ChatMessage {
  const b = row.body as Record<string, unknown>;
  const at = Math.floor((row.sentAt ?? row.createdAt) / 1000);
  if (row.direction === 'in') {
    return {
      ...b,
      id: row.id,
      fromMe: false,
      // The quoted message as the webhook gave it: its id is the msgId our API answered (src/services/messages/quoted.ts).
      ...(b.quoted ? { quoted: quotedView(b.quoted as Parameters<typeof quotedView>[0]) } : {}),
      timestamp: (b.timestamp as number | undefined) ?? at,
      status: 'received',
    } as ChatMessage;
  }
  const text =
    typeof b.message === 'string' && !b.message.startsWith('media:') && row.type !== 'media' ? b.message : undefined;
  return {
    id: row.id,
    type: row.type,
    fromMe: true,
    ...(text !== undefined ? { text } : {}),
    ...(row.type === 'media'
      ? { url: mediaUrl(b.message, mediaOrigin), caption: b.text ?? '', filename: b.filename, ...uploadedMime(b) }
      : {}),
    ...(row.type === 'location' ? { payload: `${String(b.latitude)},${String(b.longitude)}`, text: b.text } : {}),
    ...(row.type === 'vcard' ? { vcardList: Array.isArray(b.message) ? b.message : [b.message] } : {}),
    ...(row.type === 'poll' ? { options: b.options, only_one: b.only_one ?? false } : {}),
    ...(row.type === 'buttons'
      ? { buttons: b.buttons, ...(b.title ? { title: b.title } : {}), ...(b.footer ? { footer: b.footer } : {}) }
      : {}),
    ...templateView(row.type, b),
    ...(row.type === 'link'
      ? {
          text: b.text ? `${String(b.text)}\n${String(b.message)}` : b.message,
          url: b.message,
          ...(b.text ? { title: b.text } : {}),
        }
      : {}),
    timestamp: at,
    status: row.status,
    ack: row.ack,
    ...(row.error ? { error: row.error } : {}),
  } as ChatMessage;
}

/** A sent template (official numbers): its name, language and parameters, and the line the chat shows. */
function templateView(type: string, b: Record<string, unknown>) {
  const t = type === 'template' ? templateSummary(b.template) : null;
  return t ? { template: t, text: templateText(t) } : {};
}

/** The MIME type of uploaded media (data URIs): the chat pane tells images from documents by it. */
function uploadedMime(b: Record<string, unknown>): { mime?: string } {
  const mime = (b._resolved as { mime?: unknown } | undefined)?.mime;
  return typeof mime === 'string' ? { mime } : {};
}

function mediaUrl(message: unknown, mediaOrigin = ''): string {
  if (typeof message !== 'string') return '';
  return message.startsWith('media:') ? `${mediaOrigin}/media/${message.slice('media:'.length)}` : message;
}

/** One chat's messages, oldest first (the latest `limit`, or those before a message id; an unknown id is ignored). */
export async function conversationMessages(
  ctx: ServiceCtx,
  phoneId: number,
  chatId: string,
  opts: { limit: number; before?: string | undefined },
) {
  const beforeSeq = opts.before ? (await findMessage(ctx, phoneId, opts.before))?.seq : undefined;
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.phoneId, phoneId),
        eq(messages.chatId, chatId),
        ...(beforeSeq ? [lt(messages.seq, beforeSeq)] : []),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(opts.limit)
    .all();
  const chat = await ctx.db
    .select()
    .from(chats)
    .where(and(eq(chats.phoneId, phoneId), eq(chats.jid, chatId)))
    .get();
  if (chat?.unread)
    await ctx.db
      .update(chats)
      .set({ unread: 0 })
      .where(and(eq(chats.phoneId, phoneId), eq(chats.jid, chatId)));
  // Ban protection: the queued messages of a chat it holds show as `held` (not a stored status).
  const held =
    rows.some((r) => r.direction === 'out' && r.status === 'queued') &&
    (await chatHeld(ctx.db, phoneId, chatId, protectionNowOf(ctx)));
  return {
    id: chatId,
    name: chat?.name || chatId.split('@')[0]!,
    messages: rows.reverse().map((row) => {
      const view = messageView(row, ctx.config.MEDIA_ORIGIN);
      return held && row.status === 'queued' ? { ...view, status: 'held' as const } : view;
    }),
  };
}
