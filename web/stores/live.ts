import { atom } from 'nanostores';
import type { z } from 'zod';
import type { liveSendBody } from '../../src/shared/live-schemas';
import type { liveConversationList, liveMessagesAnswer } from '../../src/shared/schemas/live';
import { apiGet, apiPost } from '../lib/api';

export type LiveGroup = 'waiting' | 'mine' | 'taken' | 'closed' | 'none';
type List = z.infer<typeof liveConversationList>;
export type LiveConversation = List['data'][number];
export type LiveOpen = z.infer<typeof liveMessagesAnswer>['data'];
export type LiveMessage = LiveOpen['messages'][number];
/** A reply: text (emoji included) or a file as a data URI with an optional caption. */
export type LiveReply = z.input<typeof liveSendBody>;

/** The inbox group on screen. */
export const $liveGroup = atom<LiveGroup>('waiting');
/** The search text (name, number or latest message); empty for all. */
export const $liveQuery = atom('');
/** The group's conversations and every group's counts; null until loaded. */
export const $liveList = atom<Pick<List, 'data' | 'groups'> | null>(null);
/** The open conversation with its messages. */
export const $liveOpen = atom<LiveOpen | null>(null);
/** The last failure's message, else empty (a 409 on take names the agent who has it). */
export const $liveError = atom('');

/** Called with the number of waiting conversations each time it grows (the opt-in notification). */
let onMoreWaiting: ((count: number) => void) | null = null;

/** The path of a conversation call. */
export const convPath = (id: string, action: string) => `/api/live/conversations/${encodeURIComponent(id)}/${action}`;

/** Runs a call, keeping its failure message in $liveError. */
export async function guarded(work: () => Promise<void>): Promise<void> {
  try {
    await work();
    $liveError.set('');
  } catch (err) {
    $liveError.set(err instanceof Error ? err.message : String(err));
  }
}

/** Conversations per page of the list (the API's default). */
export const LIVE_PAGE_SIZE = 50;
/** How many pages of the group are on screen: 'Load more' adds one, a new group or search starts over. */
export const $livePages = atom(1);
/** Whether the group has conversations past the pages on screen. */
export const $liveHasMore = atom(false);

const listPath = (page: number, q: string) =>
  `/api/live/conversations?state=${$liveGroup.get()}&page=${page}&limit=${LIVE_PAGE_SIZE}${q ? `&q=${encodeURIComponent(q)}` : ''}`;

/**
 * Loads the pages on screen of the current group (`GET /api/live/conversations`) with the search
 * text. A conversation that moved up between two pages is shown once.
 */
export function loadInbox(): Promise<void> {
  return guarded(async () => {
    const q = $liveQuery.get().trim();
    const pages = await Promise.all(Array.from({ length: $livePages.get() }, (_, i) => apiGet<List>(listPath(i + 1, q))));
    const seen = new Set<string>();
    const data = pages.flatMap((p) => p.data).filter((c) => !seen.has(c.id) && seen.add(c.id));
    const { groups } = pages[0]!;
    const before = $liveList.get()?.groups.waiting.count;
    $liveList.set({ data, groups });
    $liveHasMore.set(pages.at(-1)!.data.length === LIVE_PAGE_SIZE);
    if (before !== undefined && groups.waiting.count > before) onMoreWaiting?.(groups.waiting.count);
  });
}

/** Shows the next page of the group below the ones on screen. */
export function loadMoreInbox(): Promise<void> {
  $livePages.set($livePages.get() + 1);
  return loadInbox();
}

/** Shows another group. */
export function showGroup(group: LiveGroup): Promise<void> {
  $liveGroup.set(group);
  $livePages.set(1);
  return loadInbox();
}

/** Searches the current group. */
export function searchInbox(q: string): Promise<void> {
  $liveQuery.set(q);
  $livePages.set(1);
  return loadInbox();
}

/** Counts the agent's choices (open one, Back); a read that started before the last choice is dropped. */
let choice = 0;

/** Opens a conversation with its messages (the same rows the API reads). */
export function openConversation(id: string): Promise<void> {
  const mine = ++choice;
  return guarded(async () => {
    const { data } = await apiGet<{ data: LiveOpen }>(convPath(id, 'messages'));
    if (mine === choice) $liveOpen.set(data);
  });
}

/**
 * Reads the open conversation again (after an event, a send or an action). The answer only shows if
 * that conversation is still the one on screen: an agent who pressed Back or opened another while
 * it was on its way stays where they went.
 */
function reloadOpen(id: string): Promise<void> {
  const mine = choice;
  return guarded(async () => {
    const { data } = await apiGet<{ data: LiveOpen }>(convPath(id, 'messages'));
    if (mine === choice && $liveOpen.get()?.conversation.id === id) $liveOpen.set(data);
  });
}

/** Back to the list (small screens show one pane at a time). */
export function closePane(): void {
  choice++;
  $liveOpen.set(null);
}

/** Takes, closes or reopens a conversation; a 409 names the agent who has it. */
export function liveAction(id: string, action: 'take' | 'close' | 'reopen'): Promise<void> {
  return guarded(async () => {
    try {
      await apiPost(convPath(id, action), {});
    } finally {
      await Promise.all([loadInbox(), reloadOpen(id)]);
    }
  });
}

/** Hands a conversation to another agent or to the account owner. */
export function transferTo(id: string, target: { agentId: number } | { to: 'owner' }): Promise<void> {
  return guarded(async () => {
    await apiPost(convPath(id, 'transfer'), target);
    await Promise.all([loadInbox(), reloadOpen(id)]);
  });
}

/** Sends a reply through the phone's send queue; resolves to whether it went. */
export async function sendReply(id: string, reply: LiveReply): Promise<boolean> {
  let sent = false;
  await guarded(async () => {
    await apiPost(convPath(id, 'send'), reply);
    sent = true;
    await Promise.all([loadInbox(), reloadOpen(id)]);
  });
  return sent;
}

/**
 * Follows `GET /api/live/events`: any event reloads the group and the open conversation. EventSource
 * reconnects by itself and sends Last-Event-ID, so nothing is missed. `notify` hears of new waiting ones.
 */
export function watchInbox(notify?: (count: number) => void): () => void {
  const source = new EventSource('/api/live/events');
  onMoreWaiting = notify ?? null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void loadInbox();
      const open = $liveOpen.get();
      if (open) void reloadOpen(open.conversation.id);
    }, 100);
  };
  // 'ready' too: the stream starts at the log's end when it opens, so whatever arrived between the
  // page's first load and that moment is only seen by reading again (also after a reconnect).
  for (const type of ['ready', 'message', 'ack', 'conversation', 'note']) source.addEventListener(type, refresh);
  return () => {
    clearTimeout(timer);
    onMoreWaiting = null;
    source.close();
  };
}
