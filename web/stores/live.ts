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

/** The e-mail this inbox holds conversations under, learned from a row it holds (`mine`). */
let me: string | null = null;
const learn = (c: LiveConversation) => c.mine && (me = c.agent);

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

/** Counts the list's reads, so only the last one started is shown. */
let listRead = 0;

/**
 * Loads the pages on screen of the current group (`GET /api/live/conversations`) with the search
 * text. A conversation that moved up between two pages is shown once.
 */
export function loadInbox(): Promise<void> {
  // The read started last wins: an earlier one (a reload after a send) answering after the user
  // picked another group would put the old group back on screen.
  const mine = ++listRead;
  return guarded(async () => {
    const q = $liveQuery.get().trim();
    const pages = await Promise.all(Array.from({ length: $livePages.get() }, (_, i) => apiGet<List>(listPath(i + 1, q))));
    if (mine !== listRead) return;
    const seen = new Set<string>();
    const data = pages.flatMap((p) => p.data).filter((c) => !seen.has(c.id) && seen.add(c.id));
    const { groups } = pages[0]!;
    const before = $liveList.get()?.groups.waiting.count;
    data.forEach(learn);
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
/** Counts the reads of the open conversation: only the last one started shows (an older one would bring back an older state). */
let openRead = 0;

/** Opens a conversation with its messages (the same rows the API reads). */
export function openConversation(id: string): Promise<void> {
  const mine = ++choice;
  const read = ++openRead;
  return guarded(async () => {
    const { data } = await apiGet<{ data: LiveOpen }>(convPath(id, 'messages'));
    learn(data.conversation);
    if (mine === choice && read === openRead) $liveOpen.set(data);
  });
}

/**
 * Reads the open conversation again (after an event, a send or an action). The answer only shows if
 * that conversation is still the one on screen: an agent who pressed Back or opened another while
 * it was on its way stays where they went.
 */
function reloadOpen(id: string): Promise<void> {
  const mine = choice;
  const read = ++openRead;
  return guarded(async () => {
    const { data } = await apiGet<{ data: LiveOpen }>(convPath(id, 'messages'));
    learn(data.conversation);
    if (mine === choice && read === openRead && $liveOpen.get()?.conversation.id === id) $liveOpen.set(data);
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

/**
 * Sends a reply through the phone's send queue; resolves to whether it went, as soon as the queue
 * has it (the stream's message event may show it before the list and conversation are read again).
 */
export async function sendReply(id: string, reply: LiveReply): Promise<boolean> {
  let sent = false;
  await guarded(async () => {
    await apiPost(convPath(id, 'send'), reply);
    sent = true;
  });
  if (sent) void Promise.all([loadInbox(), reloadOpen(id)]);
  return sent;
}

type Shared = Omit<LiveConversation, 'mine'>;
const groupOf = (c: LiveConversation): LiveGroup => (c.mine ? 'mine' : c.state);
/** A message's line in the list: its text, caption, or its type in brackets. */
const preview = (m: Record<string, unknown>) => {
  const type = String(m.type ?? 'text');
  const text = String(m.text ?? m.message ?? '');
  const caption = String(m.caption || m.text || '');
  return type === 'text' || type === 'link' ? text : `[${type}]${caption ? `: ${caption}` : ''}`;
};

/** What an event changed that the store could not apply itself: the list, the open conversation. */
export interface Unapplied {
  list?: boolean;
  open?: boolean;
}

/**
 * Applies one event of the stream to the list and the open conversation in place: a message is
 * added (once) and moves its conversation up, an ack changes its message's ticks, a
 * conversation change moves it between the groups. What it cannot place (a conversation not on
 * screen, a holder it cannot tell is this inbox) comes back to be read again.
 */
export function applyLiveEvent(type: string, data: Record<string, unknown>): Unapplied {
  const open = $liveOpen.get();
  const list = $liveList.get();
  if (type === 'ack' || type === 'message') {
    const { conversationId: id, message, msgId, ack } = data as { conversationId: string; message?: LiveMessage; msgId?: string; ack?: number };
    if (open?.conversation.id === id) {
      const { messages } = open;
      $liveOpen.set({
        ...open,
        // A message already there (read back after a send) is the fresher of the two.
        messages: message
          ? messages.some((m) => m.id === message.id)
            ? messages
            : [...messages, message]
          : messages.map((m) => (m.id === msgId ? { ...m, ack: Math.max(Number((m as { ack?: number }).ack ?? 0), ack!), status: m.status === 'queued' ? 'sent' : m.status } : m)),
      });
    }
    if (!message) return {};
    const row = list?.data.find((c) => c.id === id);
    if (!list || !row) return { list: true };
    const unread = message.fromMe || open?.conversation.id === id ? 0 : 1;
    const group = list.groups[groupOf(row)];
    $liveList.set({
      data: [{ ...row, lastMessage: preview(message), lastAt: message.timestamp * 1000, unread: row.unread + unread }, ...list.data.filter((c) => c !== row)],
      groups: { ...list.groups, [groupOf(row)]: { ...group, unread: group.unread + unread } },
    });
    // Seen on screen: reading it clears its unread count on the server, as opening it does.
    if (!message.fromMe && open?.conversation.id === id) void guarded(() => apiGet(`${convPath(id, 'messages')}?limit=1`).then(() => {}));
    return {};
  }
  if (type !== 'conversation') return {};
  const shared = data.conversation as Shared;
  const mine = shared.state === 'taken' && shared.agent === me;
  if (shared.state === 'taken' && !me) return { list: true, open: open?.conversation.id === shared.id };
  const now = { ...shared, mine };
  if (open?.conversation.id === shared.id) $liveOpen.set({ ...open, conversation: { ...now, unread: open.conversation.unread } });
  const row = list?.data.find((c) => c.id === now.id);
  if (!list || !row) return { list: true };
  const [from, to] = [groupOf(row), groupOf(now)];
  const groups = { ...list.groups };
  groups[from] = { count: groups[from].count - 1, unread: groups[from].unread - row.unread };
  groups[to] = { count: groups[to].count + 1, unread: groups[to].unread + now.unread };
  $liveList.set({ data: to === from ? list.data.map((c) => (c === row ? now : c)) : list.data.filter((c) => c !== row), groups });
  return {};
}

/**
 * Follows `GET /api/live/events` and applies each event in place (`applyLiveEvent`): nothing is read
 * again for a message, an ack or a conversation the store can place, so an event never races with
 * Back. What it cannot place, and every 'ready' (the stream opened or reconnected: whatever came
 * since the page's first read is only seen by reading again), reads the list and the open
 * conversation again. `notify` hears of new waiting ones.
 */
export function watchInbox(notify?: (count: number) => void): () => void {
  const source = new EventSource('/api/live/events');
  me = null;
  onMoreWaiting = notify ?? null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let again: Unapplied = {};
  const refresh = (what: Unapplied) => {
    again = { list: again.list || what.list, open: again.open || what.open };
    if (!again.list && !again.open) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const open = $liveOpen.get();
      if (again.list) void loadInbox();
      if (again.open && open) void reloadOpen(open.conversation.id);
      again = {};
    }, 100);
  };
  source.addEventListener('ready', () => refresh({ list: true, open: true }));
  for (const type of ['message', 'ack', 'conversation']) {
    source.addEventListener(type, (e) => {
      const before = $liveList.get()?.groups.waiting.count;
      refresh(applyLiveEvent(type, JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>));
      const after = $liveList.get()?.groups.waiting.count;
      if (before !== undefined && after! > before) onMoreWaiting?.(after!);
    });
  }
  return () => {
    clearTimeout(timer);
    onMoreWaiting = null;
    source.close();
  };
}
