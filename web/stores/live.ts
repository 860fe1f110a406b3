import { atom } from 'nanostores';
import type { z } from 'zod';
import type { liveConversationList, liveMessagesAnswer } from '../../src/shared/schemas/live';
import { apiGet, apiPost } from '../lib/api';

export type LiveGroup = 'waiting' | 'mine' | 'taken' | 'closed' | 'none';
type List = z.infer<typeof liveConversationList>;
export type LiveConversation = List['data'][number];
export type LiveOpen = z.infer<typeof liveMessagesAnswer>['data'];

/** The inbox group on screen. */
export const $liveGroup = atom<LiveGroup>('waiting');
/** The group's conversations and every group's counts; null until loaded. */
export const $liveList = atom<Pick<List, 'data' | 'groups'> | null>(null);
/** The open conversation with its messages. */
export const $liveOpen = atom<LiveOpen | null>(null);
/** The last failure's message, else empty. */
export const $liveError = atom('');

const conv = (id: string, action: string) => `/api/live/conversations/${encodeURIComponent(id)}/${action}`;

async function guarded(work: () => Promise<void>): Promise<void> {
  try {
    await work();
    $liveError.set('');
  } catch (err) {
    $liveError.set(err instanceof Error ? err.message : String(err));
  }
}

/** Loads the current group (`GET /api/live/conversations`). */
export function loadInbox(): Promise<void> {
  return guarded(async () => {
    const { data, groups } = await apiGet<List>(`/api/live/conversations?state=${$liveGroup.get()}`);
    $liveList.set({ data, groups });
  });
}

/** Shows another group. */
export function showGroup(group: LiveGroup): Promise<void> {
  $liveGroup.set(group);
  return loadInbox();
}

/** Opens a conversation with its messages (the same rows the API reads). */
export function openConversation(id: string): Promise<void> {
  return guarded(async () => $liveOpen.set((await apiGet<{ data: LiveOpen }>(conv(id, 'messages'))).data));
}

/** Takes, closes or reopens a conversation; a 409 names the agent who has it. */
export function liveAction(id: string, action: 'take' | 'close' | 'reopen'): Promise<void> {
  return guarded(async () => {
    await apiPost(conv(id, action), {});
    await Promise.all([loadInbox(), openConversation(id)]);
  });
}

/** Sends a text reply through the phone's send queue. */
export function sendReply(id: string, text: string): Promise<void> {
  return guarded(async () => {
    await apiPost(conv(id, 'send'), { type: 'text', message: text });
    await openConversation(id);
  });
}

/**
 * Follows `GET /api/live/events`: any event reloads the group and the open conversation. EventSource
 * reconnects by itself and sends Last-Event-ID, so nothing is missed.
 */
export function watchInbox(): () => void {
  const source = new EventSource('/api/live/events');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void loadInbox();
      const open = $liveOpen.get();
      if (open) void openConversation(open.conversation.id);
    }, 100);
  };
  for (const type of ['message', 'ack', 'conversation', 'note']) source.addEventListener(type, refresh);
  return () => {
    clearTimeout(timer);
    source.close();
  };
}
