import { atom, onMount } from 'nanostores';
import type { z } from 'zod';
import type { conversationsResponse } from '../../../src/shared/schemas/messaging/answers';
import { getConfig } from '../../lib/bootstrap';
import { DEV_MSG } from '../../lib/dev-messages';
import { msgGet, msgPost } from '../../lib/messaging-api';
import { apply, merge, withOpenChatRead, type Again, type PhoneChatState } from './reducer';
import type { ChatEvent, ChatMessage, Conversation, OpenChat } from './types';

/** What the stream's events ask for is read once this long after the first of them (ours): a burst reads once. */
const REFRESH_DEBOUNCE_MS = 100;

/** The phone chat's event stream (`GET /api/{brand}/phones/{phoneId}/chatEvents`). */
const chatEventsPath = (phoneId: number) => `/api/${getConfig().brand}/phones/${phoneId}/chatEvents`;

/*
 * The phone chat of the phone-detail page: the phone's conversations and the open one's messages,
 * read from the messaging API and kept fresh by the phone's chat stream. Everything that changes
 * lives in the store `createPhoneChatStore` makes (the atoms and, in its closure, the phone followed
 * and the stream); the module holds no mutable state of its own.
 */
export function createPhoneChatStore() {
  /** The phone whose chat is on screen (0: none). The page sets it; the stream follows it. */
  const $chatPhone = atom(0);
  /** The phone's conversations, latest first; null until loaded. */
  const $conversations = atom<Conversation[] | null>(null);
  /** The open conversation; null shows the list alone. */
  const $chat = atom<OpenChat | null>(null);
  /** The open conversation's messages, oldest first; null while loading. */
  const $messages = atom<ChatMessage[] | null>(null);
  const $messagesError = atom('');
  /**
   * Whether the phone's chat stream is open. The page subscribes to it (`useStore`): its first
   * subscriber opens the stream of `$chatPhone`'s phone (another phone: another stream), its last
   * one leaving closes it.
   */
  const $chatStream = atom(false);

  const phone = () => $chatPhone.get();

  async function loadConversations(): Promise<void> {
    const id = phone();
    if (!id) return;
    try {
      const body = await msgGet<z.infer<typeof conversationsResponse>>(`/${id}/getConversations`);
      if (id === phone()) $conversations.set(withOpenChatRead(body.data, $chat.get()?.id));
    } catch (e) {
      console.warn('conversations', e);
      if (id === phone()) $conversations.set($conversations.get() ?? []);
    }
  }

  /** Fetches the open chat's messages again. */
  async function loadMessages(): Promise<void> {
    const chat = $chat.get();
    const id = phone();
    if (!chat || !id) return;
    try {
      const body = await msgGet<{ data: { messages: ChatMessage[] } }>(
        `/${id}/getConversations/${encodeURIComponent(chat.id)}`,
      );
      if ($chat.get() !== chat || id !== phone()) return;
      $messages.set(body.data.messages);
      $messagesError.set('');
    } catch {
      if ($chat.get() === chat) $messagesError.set(DEV_MSG.messagesLoadFailed);
    }
  }

  /** Opens a conversation (the same one stays as it is) and reads its messages. */
  function openChat(chat: OpenChat): void {
    if ($chat.get()?.id === chat.id) return;
    $chat.set(chat);
    const listed = $conversations.get();
    if (listed) $conversations.set(withOpenChatRead(listed, chat.id));
    $messages.set(null);
    $messagesError.set('');
    void loadMessages();
  }

  /** Back to the conversation list. */
  function closeChat(): void {
    $chat.set(null);
    $messages.set(null);
    $messagesError.set('');
  }

  /** Sends a text to the open chat, then reads its messages and the list again. */
  async function sendChatText(message: string): Promise<void> {
    const chat = $chat.get();
    const id = phone();
    if (!chat || !id) return;
    await msgPost<object>(`/${id}/sendMessage`, { to_number: chat.id, type: 'text', message });
    await Promise.all([loadMessages(), loadConversations()]);
  }

  /** The state the reducer works on, as the atoms hold it now. */
  const now = (): PhoneChatState => ({
    conversations: $conversations.get(),
    chat: $chat.get(),
    messages: $messages.get(),
  });

  /**
   * Follows phone `id`'s chat stream: the list is read at once, and both the list and the open chat
   * at every 'ready' (the stream opened, or opened again after a drop: what came meanwhile is only
   * seen by reading); each event is applied with the reducer and what it asks for is read again.
   * Returns the stop.
   */
  function follow(id: number): () => void {
    closeChat();
    $conversations.set(null);
    if (!id) return () => {};
    void loadConversations();
    const source = new EventSource(chatEventsPath(id));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let again: Again = {};
    const refresh = (what: Again) => {
      again = merge(again, what);
      if (!again.list && !again.open) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { list, open } = again;
        again = {};
        if (list) void loadConversations();
        if (open) void loadMessages();
      }, REFRESH_DEBOUNCE_MS);
    };
    source.addEventListener('ready', () => refresh({ list: true, open: true }));
    for (const type of ['message', 'ack']) {
      source.addEventListener(type, (e) => {
        const event: ChatEvent = { type, data: JSON.parse((e as MessageEvent<string>).data) as ChatEvent['data'] };
        const applied = apply(now(), event);
        if (applied.state.messages !== $messages.get()) $messages.set(applied.state.messages);
        refresh(applied.again);
      });
    }
    return () => {
      clearTimeout(timer);
      source.close();
      closeChat();
    };
  }

  onMount($chatStream, () => {
    let stop = () => {};
    const off = $chatPhone.subscribe((id) => {
      stop();
      stop = follow(id);
    });
    $chatStream.set(true);
    return () => {
      off();
      stop();
      $chatStream.set(false);
    };
  });

  return {
    $chatPhone,
    $conversations,
    $chat,
    $messages,
    $messagesError,
    $chatStream,
    loadMessages,
    openChat,
    closeChat,
    sendChatText,
  };
}
