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

/*
 * How the store stays right whatever the order things arrive in.
 *
 * The stream's events come in the order of the server's log: each one is applied in place, and the
 * last one applied about a conversation is the newest state the store knows of it. A read (the
 * list, the open conversation) is a picture of the server taken at some moment while it was on its
 * way, so it may miss an event applied meanwhile, or already hold one that has not arrived yet.
 * Hence: an answer of a read started before another read of the same thing is dropped; the events
 * applied while a read was on its way are applied again on top of its answer (the log below); and
 * applying an event is idempotent: it sets a conversation to the state the event carries (its row,
 * or a message's unread count from the server) instead of adding to what is on screen, and the
 * group counts move by the difference between the row the store held and the new one.
 */

/** A conversation as every agent sees it (the events' row: no `mine`). */
type Shared = Omit<LiveConversation, 'mine'>;
/** One event of the stream as applied. */
interface Applied {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}
/** The events applied so far, numbered; a read notes the number when it starts. */
let seq = 0;
/** The last events applied, so a read that answers can apply those that came while it was on its way. */
let log: Applied[] = [];
const LOG_MAX = 500;
/** The newest number dropped from the log: a read started before it cannot be completed, it reads again. */
let dropped = 0;

/**
 * The rows the group counts on screen are made of: those of the list's reads, then as the events
 * since have left them (also once they left the group on screen). The counts move only for a
 * conversation found here: for any other the store cannot tell the group it leaves.
 */
let counted = new Map<string, LiveConversation>();
/** The search the counts are of (the server counts only what matches it). */
let countedQuery = '';
/** The e-mail this inbox holds conversations under, learned from a row it holds (`mine`). */
let me: string | null = null;
const learn = (c: LiveConversation) => {
  if (c.mine && c.agent) me = c.agent;
};
const groupOf = (c: Pick<LiveConversation, 'mine' | 'state'>): LiveGroup => (c.mine ? 'mine' : c.state);
/** An event's row as this inbox sees it; null while it cannot tell whether a taken one is its own. */
function asMine(c: Shared): LiveConversation | null {
  if (c.state !== 'taken') return { ...c, mine: false };
  return me === null ? null : { ...c, mine: c.agent === me };
}

/** Counts the list's reads, so only the last one started is shown. */
let listRead = 0;
/** Set by watchInbox: reads the list again (debounced) for what an event could not place. */
let readListSoon: () => void = () => {};

/**
 * Loads the pages on screen of the current group (`GET /api/live/conversations`) with the search
 * text. A conversation that moved up between two pages is shown once. The read started last wins
 * (an earlier one answering after the agent picked another group would put the old group back),
 * and the events applied while it was on its way are applied again on top of it.
 */
export function loadInbox(): Promise<void> {
  const mine = ++listRead;
  const from = seq;
  return guarded(async () => {
    const q = $liveQuery.get().trim();
    const pages = await Promise.all(
      Array.from({ length: $livePages.get() }, (_, i) => apiGet<List>(listPath(i + 1, q))),
    );
    if (mine !== listRead) return;
    if (from < dropped) return readListSoon();
    const seen = new Set<string>();
    const data = pages.flatMap((p) => p.data).filter((c) => !seen.has(c.id) && seen.add(c.id));
    const { groups } = pages[0]!;
    const before = $liveList.get()?.groups.waiting.count;
    data.forEach(learn);
    // The rows of other groups the store holds stay (their events since the read started are
    // applied again below); one of this group missing from the read is no longer known.
    // Another search counts other conversations: none of the rows held before stays then.
    const moved = new Set(log.filter((e) => e.seq > from).map((e) => idOf(e.data)));
    counted = new Map(
      q !== countedQuery ? [] : [...counted].filter(([id, c]) => groupOf(c) !== $liveGroup.get() && !moved.has(id)),
    );
    countedQuery = q;
    for (const c of data) counted.set(c.id, c);
    $liveList.set({ data, groups });
    $liveHasMore.set(pages.at(-1)!.data.length === LIVE_PAGE_SIZE);
    let again = false;
    for (const e of log) if (e.seq > from) again = !applyToList(e.type, e.data) || again;
    if (again) readListSoon();
    const after = $liveList.get()!.groups.waiting.count;
    if (before !== undefined && after > before) onMoreWaiting?.(after);
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
/** Counts the reads of the open conversation: only the last one started shows. */
let openRead = 0;

/**
 * Reads a conversation with its messages and shows it if, when it answers, no choice (open
 * another, Back) and no later read came after it; the events applied while it was on its way are
 * applied again on top of it.
 */
function readOpen(id: string, mine: number, onlyIfOpen: boolean): Promise<void> {
  const read = ++openRead;
  const from = seq;
  return guarded(async () => {
    const { data } = await apiGet<{ data: LiveOpen }>(convPath(id, 'messages'));
    learn(data.conversation);
    if (mine !== choice || read !== openRead) return;
    if (onlyIfOpen && $liveOpen.get()?.conversation.id !== id) return;
    if (from < dropped) return void readOpen(id, mine, onlyIfOpen);
    $liveOpen.set(data);
    for (const e of log) if (e.seq > from) applyToOpen(e.type, e.data);
    // Reading it cleared its unread count on the server (no event says so): the list's row too.
    const held = counted.get(id);
    if (held?.unread) placeRow({ ...held, unread: 0 });
  });
}

/** Opens a conversation with its messages (the same rows the API reads). */
export function openConversation(id: string): Promise<void> {
  return readOpen(id, ++choice, false);
}

/**
 * Reads the open conversation again (after a reconnect or a failed action). The answer only shows
 * if that conversation is still the one on screen: an agent who pressed Back or opened another
 * while it was on its way stays where they went.
 */
function reloadOpen(id: string): Promise<void> {
  return readOpen(id, choice, true);
}

/** Back to the list (small screens show one pane at a time). */
export function closePane(): void {
  choice++;
  $liveOpen.set(null);
}

/** Whether an event about the conversation was applied after number `from`. */
const eventSince = (id: string, from: number) => log.some((e) => e.seq > from && idOf(e.data) === id);
const idOf = (data: Record<string, unknown>) =>
  String(data.conversationId ?? (data.conversation as Shared | undefined)?.id ?? '');

/**
 * An action's answer (the conversation after it): shown like its event would be, unless an event
 * about that conversation came while the action was on its way (its own, or a later one: the
 * events, in the server's order, decide then). Its own event, when it comes after, changes nothing.
 */
function applyAnswer(row: LiveConversation, from: number): void {
  learn(row);
  if (eventSince(row.id, from)) return;
  const open = $liveOpen.get();
  if (open?.conversation.id === row.id)
    $liveOpen.set({ ...open, conversation: { ...row, unread: open.conversation.unread } });
  if (!placeRow(row)) readListSoon();
}

/** Takes, closes or reopens a conversation; a 409 names the agent who has it (and both are read again). */
export function liveAction(id: string, action: 'take' | 'close' | 'reopen'): Promise<void> {
  return conversationCall(id, action, {});
}

/** Hands a conversation to another agent or to the account owner. */
export function transferTo(id: string, target: { agentId: number } | { to: 'owner' }): Promise<void> {
  return conversationCall(id, 'transfer', target);
}

function conversationCall(id: string, action: string, body: unknown): Promise<void> {
  const from = seq;
  return guarded(async () => {
    try {
      const { data } = await apiPost<{ data: LiveConversation }>(convPath(id, action), body);
      applyAnswer(data, from);
    } catch (err) {
      // Refused: what is on screen was not what the server holds (the events will say; read both now).
      await Promise.all([loadInbox(), reloadOpen(id)]);
      throw err;
    }
  });
}

/**
 * Sends a reply through the phone's send queue; resolves to whether it went, as soon as the queue
 * has it. The stream's message event shows it (and its conversation event, when replying took it).
 */
export async function sendReply(id: string, reply: LiveReply): Promise<boolean> {
  let sent = false;
  await guarded(async () => {
    await apiPost(convPath(id, 'send'), reply);
    sent = true;
  });
  return sent;
}

/** A message's line in the list: its text, caption, or its type in brackets. */
const preview = (m: Record<string, unknown>) => {
  const type = String(m.type ?? 'text');
  const text = String(m.text ?? m.message ?? '');
  const caption = String(m.caption || m.text || '');
  return type === 'text' || type === 'link' ? text : `[${type}]${caption ? `: ${caption}` : ''}`;
};

/** Where a row goes in the list (latest first, as the server orders it); -1 past the pages on screen. */
function slot(data: LiveConversation[], row: LiveConversation): number {
  const i = data.findIndex((c) => c.lastAt < row.lastAt || (c.lastAt === row.lastAt && c.chatId < row.chatId));
  return i === -1 ? ($liveHasMore.get() ? -1 : data.length) : i;
}

/**
 * Puts the store's newest row of a conversation on screen: the group counts move from the row it
 * held to this one (nothing moves when they are the same: an event applied twice, or one a read
 * already held), the list keeps it only while it belongs to the group on screen, in its place.
 * False when it cannot tell the counts (a conversation it holds no row of) or where it goes (a
 * search on screen): the list is read again then.
 */
function placeRow(next: LiveConversation): boolean {
  const list = $liveList.get();
  if (!list) return true;
  const held = counted.get(next.id);
  if (!held) return false;
  counted.set(next.id, next);
  const groups = { ...list.groups };
  const [from, to] = [groupOf(held), groupOf(next)];
  groups[from] = { count: groups[from].count - 1, unread: groups[from].unread - held.unread };
  groups[to] = { count: groups[to].count + 1, unread: groups[to].unread + next.unread };
  const data = list.data.filter((c) => c.id !== next.id);
  let placed = true;
  if (to === $liveGroup.get()) {
    const wasThere = data.length !== list.data.length;
    if (!wasThere && $liveQuery.get().trim()) placed = false;
    else {
      const at = slot(data, next);
      if (at >= 0) data.splice(at, 0, next);
    }
  }
  $liveList.set({ data, groups });
  return placed;
}

/**
 * Applies one event to the list: a message moves its conversation up with its line, time and
 * unread count (the server's count, so applying it twice counts once); a conversation event moves
 * it between the groups. False for what it cannot place (a conversation whose row it does not
 * hold, a holder it cannot tell is this inbox): the list is read again for it.
 */
function applyToList(type: string, data: Record<string, unknown>): boolean {
  if (!$liveList.get()) return true;
  if (type === 'message') {
    const id = String(data.conversationId);
    const message = data.message as LiveMessage & Record<string, unknown>;
    const held = counted.get(id);
    // Not in the counts: a reply or the open conversation (read as it shows) changes none of them.
    if (!held) return Boolean(message.fromMe) || $liveOpen.get()?.conversation.id === id;
    const at = Number(message.timestamp) * 1000;
    const newer = at >= held.lastAt;
    // The open conversation is read as the message shows: it stays at no unread.
    const unread =
      $liveOpen.get()?.conversation.id === id ? 0 : typeof data.unread === 'number' ? data.unread : held.unread;
    // With a search on screen the new line may match it or not any more: only the server can tell.
    return (
      placeRow({ ...held, ...(newer ? { lastMessage: preview(message), lastAt: at } : {}), unread }) &&
      !$liveQuery.get().trim()
    );
  }
  if (type !== 'conversation') return true;
  const row = asMine(data.conversation as Shared);
  if (!row) return false;
  const held = counted.get(row.id);
  // The event's row is the server's at that change; a message line newer than it stays.
  const next = held && held.lastAt > row.lastAt ? { ...row, lastMessage: held.lastMessage, lastAt: held.lastAt } : row;
  return placeRow(next);
}

/** Applies one event to the open conversation: a message is added once, an ack raises its message's ticks, a change of the conversation shows. */
function applyToOpen(type: string, data: Record<string, unknown>): void {
  const open = $liveOpen.get();
  if (!open || open.conversation.id !== idOf(data)) return;
  if (type === 'message') {
    const message = data.message as LiveMessage;
    if (!open.messages.some((m) => m.id === message.id))
      $liveOpen.set({ ...open, messages: [...open.messages, message] });
  } else if (type === 'ack') {
    const { msgId, ack } = data as { msgId: string; ack: number };
    const at = open.messages.findIndex((m) => m.id === msgId);
    const m = open.messages[at] as (LiveMessage & { ack?: number }) | undefined;
    if (!m || Number(m.ack ?? 0) >= ack) return;
    const messages = [...open.messages];
    messages[at] = { ...m, ack, status: m.status === 'queued' ? 'sent' : m.status } as LiveMessage;
    $liveOpen.set({ ...open, messages });
  } else if (type === 'conversation') {
    const row = asMine(data.conversation as Shared);
    // A holder it cannot tell yet: the row shows as not its own until the open conversation is read.
    $liveOpen.set({
      ...open,
      conversation: { ...(row ?? { ...(data.conversation as Shared), mine: false }), unread: 0 },
    });
  }
}

/**
 * Applies one event of the stream to the list and the open conversation in place. Returns what it
 * could not place (the list is read again for it, and the open conversation when a holder it
 * cannot tell took it). A customer's message in the open conversation is marked read on the
 * server with a one-message read (as opening it does), not shown from it.
 */
export function applyLiveEvent(type: string, data: Record<string, unknown>): { list?: boolean; open?: boolean } {
  if (type !== 'message' && type !== 'ack' && type !== 'conversation') return {};
  log.push({ seq: ++seq, type, data });
  if (log.length > LOG_MAX) {
    log = log.slice(-LOG_MAX / 2);
    dropped = log[0]!.seq - 1;
  }
  applyToOpen(type, data);
  const open = $liveOpen.get();
  const id = idOf(data);
  if (type === 'message' && open?.conversation.id === id && !(data.message as LiveMessage).fromMe) {
    void guarded(() => apiGet(`${convPath(id, 'messages')}?limit=1`).then(() => {}));
  }
  const list = !applyToList(type, data);
  const unsure =
    type === 'conversation' &&
    me === null &&
    (data.conversation as Shared).state === 'taken' &&
    open?.conversation.id === id;
  return { list, open: unsure };
}

/**
 * Follows `GET /api/live/events` and applies each event in place (`applyLiveEvent`): a message, an
 * ack or a conversation change the store can place reads nothing again, so an event never races
 * with Back or an action. What it cannot place reads the list again (the open conversation too
 * when it cannot tell who took it), and every 'ready' (the stream opened, or opened again after a
 * drop: what came meanwhile is only seen by reading) reads both. `notify` hears of new waiting ones.
 */
export function watchInbox(notify?: (count: number) => void): () => void {
  const source = new EventSource('/api/live/events');
  // Another inbox (signed in again) or one that stopped following: nothing held before stays.
  me = null;
  counted = new Map();
  onMoreWaiting = notify ?? null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let again: { list?: boolean; open?: boolean } = {};
  const refresh = (what: { list?: boolean; open?: boolean }) => {
    again = { list: again.list || what.list, open: again.open || what.open };
    if (!again.list && !again.open) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const { list, open } = again;
      again = {};
      if (list) void loadInbox();
      const on = $liveOpen.get();
      if (open && on) void reloadOpen(on.conversation.id);
    }, 100);
  };
  readListSoon = () => refresh({ list: true });
  source.addEventListener('ready', () => {
    // Opened (again): events may have gone by unseen, so the rows held are not the counts' any more.
    counted = new Map();
    refresh({ list: true, open: true });
  });
  for (const type of ['message', 'ack', 'conversation']) {
    source.addEventListener(type, (e) => {
      const before = $liveList.get()?.groups.waiting.count;
      refresh(applyLiveEvent(type, JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>));
      const after = $liveList.get()?.groups.waiting.count;
      if (before !== undefined && after !== undefined && after > before) onMoreWaiting?.(after);
    });
  }
  return () => {
    clearTimeout(timer);
    readListSoon = () => {};
    onMoreWaiting = null;
    source.close();
  };
}
