import { applyContactName } from './contact-events';
import { applyLabelChange, keepLabels } from './label-events';
import type { InboxConversation, InboxEvent, InboxGroup, InboxMessage, InboxOpen, ListView, Shared } from './types';
import { priorityRank } from './team-reducer';

/*
 * The pure half of the live inbox: what an event, a read's row or an action's answer does to what
 * is on screen, as functions of a state to a new state (no atom, no fetch, no timer). The store
 * (store.ts) holds the state, reads the server and the stream, and calls these.
 *
 * Applying an event is idempotent: it sets a conversation to the state the event carries (its row,
 * or a message's unread count from the server) instead of adding to what is on screen, and the
 * group counts move by the difference between the row the store held and the new one.
 */

/** What the inbox shows and the rows its counts are made of. */
export interface InboxState {
  /** The group on screen. */
  group: InboxGroup;
  /** The search text on screen (as typed; trimmed where it is used). */
  query: string;
  /** Whether the group has conversations past the pages on screen. */
  hasMore: boolean;
  /** The label the list is filtered by (empty or absent: all). */
  label?: string;
  /** The list's order: latest first (the default), or by priority then latest. */
  sort?: 'latest' | 'priority';
  /** The group's conversations and every group's counts; null until loaded. */
  list: ListView | null;
  /** The open conversation with its messages. */
  open: InboxOpen | null;
  /**
   * The rows the group counts on screen are made of: those of the list's reads, then as the events
   * since have left them (also once they left the group on screen). The counts move only for a
   * conversation found here: for any other the store cannot tell the group it leaves.
   */
  counted: ReadonlyMap<string, InboxConversation>;
  /** The e-mail this inbox holds conversations under, learned from a row it holds (`mine`). */
  me: string | null;
}

/** What applying an event asks of the store: read the list or the open conversation again, mark one read. */
export interface Again {
  list?: boolean;
  open?: boolean;
}

/** Learns this inbox's e-mail from a row it holds. */
export const learn = (state: InboxState, c: InboxConversation): InboxState =>
  c.mine && c.agent && state.me !== c.agent ? { ...state, me: c.agent } : state;

export const groupOf = (c: Pick<InboxConversation, 'mine' | 'state'>): InboxGroup => (c.mine ? 'mine' : c.state);

/** An event's row as this inbox sees it; null while it cannot tell whether a taken one is its own. */
function asMine(state: InboxState, event: Shared): InboxConversation | null {
  const c = keepLabels(state, event);
  if (c.state !== 'taken') return { ...c, mine: false };
  return state.me === null ? null : { ...c, mine: c.agent === state.me };
}

/** The conversation an event is about. */
export const idOf = (data: Record<string, unknown>) =>
  String(data.conversationId ?? (data.conversation as Shared | undefined)?.id ?? '');

/** A message's line in the list: its text, caption, or its type in brackets. */
const preview = (m: Record<string, unknown>) => {
  const type = String(m.type ?? 'text');
  const text = String(m.text ?? m.message ?? '');
  const caption = String(m.caption || m.text || '');
  return type === 'text' || type === 'link' ? text : `[${type}]${caption ? `: ${caption}` : ''}`;
};

/** Whether row `c` comes after `row` in the list's order (by priority first when sorted so). */
function after(state: InboxState, c: InboxConversation, row: InboxConversation): boolean {
  const rank = state.sort === 'priority' ? priorityRank(c.priority) - priorityRank(row.priority) : 0;
  if (rank !== 0) return rank < 0;
  return c.lastAt < row.lastAt || (c.lastAt === row.lastAt && c.chatId < row.chatId);
}

/** Where a row goes in the list (latest first, as the server orders it); -1 past the pages on screen. */
function slot(state: InboxState, data: InboxConversation[], row: InboxConversation): number {
  const i = data.findIndex((c) => after(state, c, row));
  return i === -1 ? (state.hasMore ? -1 : data.length) : i;
}

/**
 * Puts the store's newest row of a conversation on screen: the group counts move from the row it
 * held to this one (nothing moves when they are the same: an event applied twice, or one a read
 * already held), the list keeps it only while it belongs to the group on screen, in its place.
 * `placed` is false when it cannot tell the counts (a conversation it holds no row of) or where it
 * goes (a search on screen): the list is read again then.
 */
export function placeRow(state: InboxState, next: InboxConversation): { state: InboxState; placed: boolean } {
  const list = state.list;
  if (!list) return { state, placed: true };
  const held = state.counted.get(next.id);
  if (!held) return { state, placed: false };
  const counted = new Map(state.counted).set(next.id, next);
  const groups = { ...list.groups };
  const [from, to] = [groupOf(held), groupOf(next)];
  groups[from] = { count: groups[from].count - 1, unread: groups[from].unread - held.unread };
  groups[to] = { count: groups[to].count + 1, unread: groups[to].unread + next.unread };
  const data = list.data.filter((c) => c.id !== next.id);
  // With a label filter on screen, a row that lost the label leaves the list (and the label's counts are
  // read again); one without its labels cannot be placed.
  const labels = (next as { labels?: string[] }).labels;
  const outOfFilter = Boolean(state.label) && labels !== undefined && !labels.includes(state.label!);
  let placed = !outOfFilter;
  if (to === state.group && !outOfFilter) {
    const wasThere = data.length !== list.data.length;
    if (!wasThere && (state.query.trim() || (state.label && labels === undefined))) placed = false;
    else {
      const at = slot(state, data, next);
      if (at >= 0) data.splice(at, 0, next);
    }
  }
  return { state: { ...state, counted, list: { data, groups } }, placed };
}

/**
 * Applies one event to the list: a message moves its conversation up with its line, time and
 * unread count (the server's count, so applying it twice counts once); a conversation event moves
 * it between the groups. `placed` is false for what it cannot place (a conversation whose row it
 * does not hold, a holder it cannot tell is this inbox): the list is read again for it.
 */
export function applyToList(state: InboxState, { type, data }: InboxEvent): { state: InboxState; placed: boolean } {
  if (!state.list) return { state, placed: true };
  if (type === 'message') {
    const id = String(data.conversationId);
    const message = data.message as InboxMessage & Record<string, unknown>;
    const held = state.counted.get(id);
    // Not in the counts: a reply or the open conversation (read as it shows) changes none of them.
    if (!held) return { state, placed: Boolean(message.fromMe) || state.open?.conversation.id === id };
    const at = Number(message.timestamp) * 1000;
    const newer = at >= held.lastAt;
    // The open conversation is read as the message shows: it stays at no unread.
    const unread = state.open?.conversation.id === id ? 0 : typeof data.unread === 'number' ? data.unread : held.unread;
    const moved = placeRow(state, {
      ...held,
      ...(newer ? { lastMessage: preview(message), lastAt: at } : {}),
      unread,
    });
    // With a search on screen the new line may match it or not any more: only the server can tell.
    return { state: moved.state, placed: moved.placed && !state.query.trim() };
  }
  if (type !== 'conversation') return { state, placed: true };
  const row = asMine(state, data.conversation as Shared);
  if (!row) return { state, placed: false };
  const held = state.counted.get(row.id);
  // The event's row is the server's at that change; a message line newer than it stays.
  const next = held && held.lastAt > row.lastAt ? { ...row, lastMessage: held.lastMessage, lastAt: held.lastAt } : row;
  return placeRow(state, next);
}

/** Applies one event to the open conversation: a message is added once, an ack raises its message's ticks, a change of the conversation shows. */
export function applyToOpen(state: InboxState, { type, data }: InboxEvent): InboxState {
  const open = state.open;
  if (!open || open.conversation.id !== idOf(data)) return state;
  if (type === 'message') {
    const message = data.message as InboxMessage;
    if (open.messages.some((m) => m.id === message.id)) return state;
    return { ...state, open: { ...open, messages: [...open.messages, message] } };
  }
  if (type === 'ack') {
    const { msgId, ack } = data as { msgId: string; ack: number };
    const at = open.messages.findIndex((m) => m.id === msgId);
    const m = open.messages[at] as (InboxMessage & { ack?: number }) | undefined;
    if (!m || Number(m.ack ?? 0) >= ack) return state;
    const messages = [...open.messages];
    messages[at] = { ...m, ack, status: m.status === 'queued' ? 'sent' : m.status } as InboxMessage;
    return { ...state, open: { ...open, messages } };
  }
  if (type === 'conversation') {
    const row = asMine(state, data.conversation as Shared);
    // A holder it cannot tell yet: the row shows as not its own until the open conversation is read.
    return {
      ...state,
      open: {
        ...open,
        conversation: { ...(row ?? { ...keepLabels(state, data.conversation as Shared), mine: false }), unread: 0 },
      },
    };
  }
  return state;
}

/** The event types the inbox applies; the others (ready, comments, mentions, presence) are not events of the list. */
export const isInboxEvent = (type: string) =>
  type === 'message' || type === 'ack' || type === 'conversation' || type === 'labels' || type === 'contact';

/**
 * Applies one event of the stream to the list and the open conversation. `again` names what it
 * could not place (the list is read again for it, and the open conversation when a holder it
 * cannot tell took it); `markRead` names the open conversation when a customer's message came in
 * it (the store marks it read on the server with a one-message read, as opening it does).
 */
export function apply(state: InboxState, event: InboxEvent): { state: InboxState; again: Again; markRead?: string } {
  if (!isInboxEvent(event.type)) return { state, again: {} };
  const { type, data } = event;
  if (type === 'labels') return { state: applyLabelChange(state, data), again: {} };
  if (type === 'contact') return { state: applyContactName(state, data), again: {} };
  const opened = applyToOpen(state, event);
  const open = opened.open;
  const id = idOf(data);
  const markRead =
    type === 'message' && open?.conversation.id === id && !(data.message as InboxMessage).fromMe ? id : undefined;
  const listed = applyToList(opened, event);
  const unsure =
    type === 'conversation' &&
    state.me === null &&
    (data.conversation as Shared).state === 'taken' &&
    open?.conversation.id === id;
  return { state: listed.state, again: { list: !listed.placed, open: unsure }, ...(markRead ? { markRead } : {}) };
}
