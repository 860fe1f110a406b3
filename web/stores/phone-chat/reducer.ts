import type { ChatEvent, ChatMessage, Conversation, OpenChat } from './types';

/*
 * The pure half of the phone chat: what an event of the phone's chat stream does to what is on
 * screen, as a function of a state to a new state (no atom, no fetch, no timer). The store
 * (store.ts) holds the state, reads the messaging API and follows the stream, and calls these.
 * Applying an event is idempotent: an ack sets a message's delivery to what the event carries, and
 * never lowers it.
 */

/** What the phone chat shows. */
export interface PhoneChatState {
  /** The phone's conversations, latest first; null until loaded. */
  conversations: Conversation[] | null;
  /** The open conversation; null shows the list alone. */
  chat: OpenChat | null;
  /** The open conversation's messages, oldest first; null while loading. */
  messages: ChatMessage[] | null;
}

/** What applying an event asks of the store: read the list or the open chat's messages again. */
export interface Again {
  list?: boolean;
  open?: boolean;
}

/**
 * The list with the open chat read: reading its messages resets the chat's unread count on the
 * server (getConversations/{id}), so the open one never shows unread, even between two reads.
 */
export function withOpenChatRead(list: readonly Conversation[], openId: string | undefined): Conversation[] {
  return list.map((c) => (c.id === openId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c));
}

/** Both asks of two events together. */
export function merge(a: Again, b: Again): Again {
  return { list: Boolean(a.list || b.list), open: Boolean(a.open || b.open) };
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * One event applied to what is on screen:
 * - message (a new message of a chat, either way): the list is read again (its order, latest
 *   message and unread counts), and the open chat's messages when it is that chat;
 * - ack (an outgoing message's delivery changed): set in place on the open chat's message; a
 *   message not on screen yet reads the open chat again; a status other than 'sent' (leaving the
 *   queue, failed, purged) reads the list again too (a held chat may be released).
 * Any other event changes nothing.
 */
export function apply(state: PhoneChatState, event: ChatEvent): { state: PhoneChatState; again: Again } {
  const chatId = str(event.data.chatId);
  const isOpen = chatId !== undefined && state.chat?.id === chatId;
  if (event.type === 'message') return { state, again: { list: true, open: isOpen } };
  if (event.type !== 'ack') return { state, again: {} };
  const id = str(event.data.id);
  const status = str(event.data.status);
  const ack = typeof event.data.ack === 'number' ? event.data.ack : undefined;
  const list = status !== undefined && status !== 'sent';
  if (!isOpen || !state.messages) return { state, again: { list } };
  const at = state.messages.findIndex((m) => String(m.id) === id);
  if (at < 0) return { state, again: { list, open: true } };
  const held = state.messages[at]!;
  const next: ChatMessage = {
    ...held,
    ...(status !== undefined ? { status } : {}),
    ...(ack !== undefined ? { ack: Math.max(ack, held.ack ?? 0) } : {}),
    ...(str(event.data.error) ? { error: str(event.data.error) } : {}),
  };
  if (next.status === held.status && next.ack === held.ack && next.error === held.error)
    return { state, again: { list } };
  const messages = state.messages.map((m, i) => (i === at ? next : m));
  return { state: { ...state, messages }, again: { list } };
}
