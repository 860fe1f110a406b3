import { atom } from 'nanostores';
import type { z } from 'zod';
import type { conversation, conversationsResponse } from '../../src/shared/schemas/messaging/answers';
import { DEV_MSG } from '../lib/dev-messages';
import { msgGet, msgPost } from '../lib/messaging-api';

/** New messages of the open chat are fetched this often (ours: the spec says "every few seconds"). */
const MESSAGES_POLL_MS = 3_000;
/** The conversation list is refreshed this often (ours). */
const CONVERSATIONS_POLL_MS = 10_000;

/** A conversation of `getConversations`. */
export type Conversation = z.infer<typeof conversation>;
/**
 * A message of a conversation (message-data plus delivery state). Local: the shared schema names only
 * id, fromMe, timestamp and status, not the fields of each type the chat shows.
 */
export interface ChatMessage {
  id: string | number;
  type: string;
  text?: string;
  url?: string;
  caption?: string;
  filename?: string;
  mime?: string;
  fromMe: boolean;
  timestamp: number;
  status?: string;
  ack?: number | null;
  payload?: string;
  vcardList?: { displayName: string; vcard: string }[];
  error?: string;
  [key: string]: unknown;
}
export interface OpenChat {
  id: string;
  name: string;
}

/** The phone's conversations, latest first; null until loaded. */
export const $conversations = atom<Conversation[] | null>(null);
/** The open conversation; null shows the list alone. */
export const $chat = atom<OpenChat | null>(null);
/** The open conversation's messages, oldest first; null while loading. */
export const $messages = atom<ChatMessage[] | null>(null);
export const $messagesError = atom('');

let phoneId = 0;
let messagesTimer: ReturnType<typeof setInterval> | undefined;

/**
 * The list with the open chat read: reading its messages resets the chat's unread count on the
 * server (getConversations/{id}), so the open one never shows unread, even between two polls.
 */
export function withOpenChatRead(list: readonly Conversation[], openId: string | undefined): Conversation[] {
  return list.map((c) => (c.id === openId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c));
}

async function loadConversations(id: number): Promise<void> {
  try {
    const body = await msgGet<z.infer<typeof conversationsResponse>>(`/${id}/getConversations`);
    if (id === phoneId) $conversations.set(withOpenChatRead(body.data, $chat.get()?.id));
  } catch (e) {
    console.warn('conversations', e);
    if (id === phoneId) $conversations.set($conversations.get() ?? []);
  }
}

/** Fetches the open chat's messages again. */
export async function loadMessages(): Promise<void> {
  const chat = $chat.get();
  const id = phoneId;
  if (!chat) return;
  try {
    const body = await msgGet<{ data: { messages: ChatMessage[] } }>(
      `/${id}/getConversations/${encodeURIComponent(chat.id)}`,
    );
    if ($chat.get() !== chat || id !== phoneId) return;
    $messages.set(body.data.messages);
    $messagesError.set('');
  } catch {
    if ($chat.get() === chat) $messagesError.set(DEV_MSG.messagesLoadFailed);
  }
}

/** Opens a conversation (the same one stays as it is) and polls its messages every 3 s. */
export function openChat(chat: OpenChat): void {
  if ($chat.get()?.id === chat.id) return;
  clearInterval(messagesTimer);
  $chat.set(chat);
  const listed = $conversations.get();
  if (listed) $conversations.set(withOpenChatRead(listed, chat.id));
  $messages.set(null);
  $messagesError.set('');
  void loadMessages();
  messagesTimer = setInterval(() => void loadMessages(), MESSAGES_POLL_MS);
}

/** Back to the conversation list. */
export function closeChat(): void {
  clearInterval(messagesTimer);
  $chat.set(null);
  $messages.set(null);
  $messagesError.set('');
}

/** Shows phone `id`'s conversations, refreshed every 10 s; returns the stop. */
export function watchChats(id: number): () => void {
  phoneId = id;
  closeChat();
  $conversations.set(null);
  void loadConversations(id);
  const timer = setInterval(() => void loadConversations(id), CONVERSATIONS_POLL_MS);
  return () => {
    clearInterval(timer);
    closeChat();
    if (phoneId === id) phoneId = 0;
  };
}

/** Sends a text to the open chat, then refreshes its messages and the list. */
export async function sendChatText(message: string): Promise<void> {
  const chat = $chat.get();
  const id = phoneId;
  if (!chat) return;
  await msgPost<object>(`/${id}/sendMessage`, { to_number: chat.id, type: 'text', message });
  await Promise.all([loadMessages(), loadConversations(id)]);
}
