import { atom, onMount } from 'nanostores';
import { apiGet, apiPost } from '../../lib/api';
import {
  type Again,
  type InboxState,
  apply,
  applyToList,
  applyToOpen,
  groupOf,
  idOf,
  isInboxEvent,
  learn,
  placeRow,
} from './reducer';
import { TEAM_EVENTS } from './team-reducer';
import { convPath, INBOX_PAGE_SIZE, type InboxFilter, listPath as pathOfList } from './paths';
import type { InboxConversation, InboxEvent, InboxGroup, InboxOpen, InboxReply, List, ListView } from './types';

const LOG_MAX = 500;

/*
 * How the store stays right whatever the order things arrive in.
 *
 * The stream's events come in the order of the server's log: each one is applied in place (the
 * reducer's `apply`), and the last one applied about a conversation is the newest state the store
 * knows of it. A read (the list, the open conversation) is a picture of the server taken at some
 * moment while it was on its way, so it may miss an event applied meanwhile, or already hold one
 * that has not arrived yet. Hence: an answer of a read started before another read of the same
 * thing is dropped; the events applied while a read was on its way are applied again on top of its
 * answer (the log below); and applying an event is idempotent.
 *
 * Everything that changes lives in one inbox made by `createInboxStore` (the atoms and, in its
 * closure, the bookkeeping of reads and events); the module holds no mutable state of its own.
 */
export function createInboxStore() {
  /** The inbox group on screen. */
  const $inboxGroup = atom<InboxGroup>('waiting');
  /** The search text (name, number or latest message); empty for all. */
  const $inboxQuery = atom('');
  /** The list's label filter and order. */ const $inboxFilter = atom<InboxFilter>({ label: '', sort: 'latest' });
  /** The group's conversations and every group's counts; null until loaded. */
  const $inboxList = atom<ListView | null>(null);
  /** The open conversation with its messages. */
  const $inboxOpen = atom<InboxOpen | null>(null);
  /** The last failure's message, else empty (a 409 on take names the agent who has it). */
  const $inboxError = atom('');
  /** How many pages of the group are on screen: 'Load more' adds one, a new group or search starts over. */
  const $inboxPages = atom(1);
  /** Whether the group has conversations past the pages on screen. */
  const $inboxHasMore = atom(false);
  /**
   * Whether the event stream is open. A page that shows the inbox subscribes to it (`useStore`):
   * its first subscriber loads the inbox and opens the stream, its last one leaving closes it.
   */
  const $inboxStream = atom(false);

  /** The rows the counts are made of and the e-mail this inbox holds conversations under (see InboxState). */
  let counted: ReadonlyMap<string, InboxConversation> = new Map();
  let me: string | null = null;
  /** The search the counts are of (the server counts only what matches it). */
  let countedQuery = '';
  /** The events applied so far, numbered; a read notes the number when it starts. */
  let seq = 0;
  /** The last events applied, so a read that answers can apply those that came while it was on its way. */
  let log: (InboxEvent & { seq: number })[] = [];
  /** The newest number dropped from the log: a read started before it cannot be completed, it reads again. */
  let dropped = 0;
  /** Counts the list's reads, so only the last one started is shown. */
  let listRead = 0;
  /** Counts the agent's choices (open one, Back); a read that started before the last choice is dropped. */
  let choice = 0;
  /** Counts the reads of the open conversation: only the last one started shows. */
  let openRead = 0;
  /** Called with the number of waiting conversations each time it grows (the opt-in notification). */
  let onMoreWaiting: ((count: number) => void) | null = null;
  /** Those who asked to hear of new waiting conversations while the stream opened by `$inboxStream` is open. */
  const waitingListeners = new Set<(count: number) => void>();
  /** Those who follow the team events of the stream (mentions, labels, presence, contacts). */
  const teamListeners = new Set<(event: InboxEvent) => void>();
  /** Set by watchInbox: reads the list again (debounced) for what an event could not place. */
  let readListSoon: () => void = () => {};

  /** The state the reducer works on, as the atoms and the bookkeeping hold it now. */
  const now = (): InboxState => ({
    group: $inboxGroup.get(),
    query: $inboxQuery.get(),
    hasMore: $inboxHasMore.get(),
    label: $inboxFilter.get().label,
    sort: $inboxFilter.get().sort,
    list: $inboxList.get(),
    open: $inboxOpen.get(),
    counted,
    me,
  });
  /** Keeps the reducer's new state (the atoms notify only when their value changed). */
  const keep = (state: InboxState) => {
    counted = state.counted;
    me = state.me;
    $inboxList.set(state.list);
    $inboxOpen.set(state.open);
  };
  const learnRow = (c: InboxConversation) => {
    me = learn(now(), c).me;
  };
  const place = (row: InboxConversation): boolean => {
    const { state, placed } = placeRow(now(), row);
    keep(state);
    return placed;
  };

  /** Runs a call, keeping its failure message in $inboxError. */
  async function guarded(work: () => Promise<void>): Promise<void> {
    try {
      await work();
      $inboxError.set('');
    } catch (err) {
      $inboxError.set(err instanceof Error ? err.message : String(err));
    }
  }

  const listPath = (page: number, q: string) => pathOfList($inboxGroup.get(), page, q, $inboxFilter.get());

  /**
   * Loads the pages on screen of the current group (`GET /api/live/conversations`) with the search
   * text. A conversation that moved up between two pages is shown once. The read started last wins
   * (an earlier one answering after the agent picked another group would put the old group back),
   * and the events applied while it was on its way are applied again on top of it.
   */
  function loadInbox(): Promise<void> {
    const mine = ++listRead;
    const from = seq;
    return guarded(async () => {
      const q = $inboxQuery.get().trim();
      const pages = await Promise.all(
        Array.from({ length: $inboxPages.get() }, (_, i) => apiGet<List>(listPath(i + 1, q))),
      );
      if (mine !== listRead) return;
      if (from < dropped) return readListSoon();
      const seen = new Set<string>();
      const data = pages.flatMap((p) => p.data).filter((c) => !seen.has(c.id) && seen.add(c.id));
      const { groups } = pages[0]!;
      const before = $inboxList.get()?.groups.waiting.count;
      data.forEach(learnRow);
      // The rows of other groups the store holds stay (their events since the read started are
      // applied again below); one of this group missing from the read is no longer known.
      // Another search counts other conversations: none of the rows held before stays then.
      const moved = new Set(log.filter((e) => e.seq > from).map((e) => idOf(e.data)));
      const kept = new Map(
        q !== countedQuery ? [] : [...counted].filter(([id, c]) => groupOf(c) !== $inboxGroup.get() && !moved.has(id)),
      );
      countedQuery = q;
      for (const c of data) kept.set(c.id, c);
      counted = kept;
      $inboxList.set({ data, groups });
      $inboxHasMore.set(pages.at(-1)!.data.length === INBOX_PAGE_SIZE);
      let again = false;
      let state = now();
      for (const e of log) {
        if (e.seq <= from) continue;
        const applied = applyToList(state, e);
        state = applied.state;
        again = !applied.placed || again;
      }
      keep(state);
      if (again) readListSoon();
      const after = $inboxList.get()!.groups.waiting.count;
      if (before !== undefined && after > before) onMoreWaiting?.(after);
    });
  }

  /** Shows the first page again after a change of what is listed. */
  const restart = (): Promise<void> => ($inboxPages.set(1), loadInbox());
  /** Shows the next page of the group below the ones on screen. */
  const loadMoreInbox = (): Promise<void> => ($inboxPages.set($inboxPages.get() + 1), loadInbox());
  /** Shows another group. */
  const showGroup = (group: InboxGroup): Promise<void> => ($inboxGroup.set(group), restart());
  /** Searches the current group. */
  const searchInbox = (q: string): Promise<void> => ($inboxQuery.set(q), restart());
  /** Shows the conversations with a label (empty: all), latest first or by priority: none of the rows held counts. */
  const filterInbox = (filter: Partial<InboxFilter>): Promise<void> => (
    $inboxFilter.set({ ...$inboxFilter.get(), ...filter }),
    (counted = new Map()),
    restart()
  );

  /**
   * Reads a conversation with its messages and shows it if, when it answers, no choice (open
   * another, Back) and no later read came after it; the events applied while it was on its way are
   * applied again on top of it.
   */
  function readOpen(id: string, mine: number, onlyIfOpen: boolean): Promise<void> {
    const read = ++openRead;
    const from = seq;
    return guarded(async () => {
      const { data } = await apiGet<{ data: InboxOpen }>(convPath(id, 'messages'));
      learnRow(data.conversation);
      if (mine !== choice || read !== openRead) return;
      if (onlyIfOpen && $inboxOpen.get()?.conversation.id !== id) return;
      if (from < dropped) return void readOpen(id, mine, onlyIfOpen);
      $inboxOpen.set(data);
      let state = now();
      for (const e of log) if (e.seq > from) state = applyToOpen(state, e);
      keep(state);
      // Reading it cleared its unread count on the server (no event says so): the list's row too.
      const held = counted.get(id);
      if (held?.unread) place({ ...held, unread: 0 });
    });
  }

  /** Opens a conversation with its messages (the same rows the API reads). */
  function openConversation(id: string): Promise<void> {
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
  function closePane(): void {
    choice++;
    $inboxOpen.set(null);
  }

  /** Whether an event about the conversation was applied after number `from`. */
  const eventSince = (id: string, from: number) => log.some((e) => e.seq > from && idOf(e.data) === id);

  /**
   * An action's answer (the conversation after it): shown like its event would be, unless an event
   * about that conversation came while the action was on its way (its own, or a later one: the
   * events, in the server's order, decide then). Its own event, when it comes after, changes nothing.
   */
  function applyAnswer(row: InboxConversation, from: number): void {
    learnRow(row);
    if (eventSince(row.id, from)) return;
    const open = $inboxOpen.get();
    if (open?.conversation.id === row.id)
      $inboxOpen.set({ ...open, conversation: { ...row, unread: open.conversation.unread } });
    if (!place(row)) readListSoon();
  }

  /** Takes, closes or reopens a conversation; a 409 names the agent who has it (and both are read again). */
  function inboxAction(id: string, action: 'take' | 'close' | 'reopen'): Promise<void> {
    return conversationCall(id, action, {});
  }

  /** Hands a conversation to another agent or to the account owner. */
  function transferTo(id: string, target: { agentId: number } | { to: 'owner' }): Promise<void> {
    return conversationCall(id, 'transfer', target);
  }

  function conversationCall(id: string, action: string, body: unknown): Promise<void> {
    const from = seq;
    return guarded(async () => {
      try {
        const { data } = await apiPost<{ data?: InboxConversation }>(convPath(id, action), body);
        if (data?.id === id) applyAnswer(data, from);
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
  async function sendReply(id: string, reply: InboxReply): Promise<boolean> {
    let sent = false;
    await guarded(async () => {
      await apiPost(convPath(id, 'send'), reply);
      sent = true;
    });
    return sent;
  }

  /**
   * Applies one event of the stream with the reducer, notes it in the log, and marks a customer's
   * message in the open conversation read on the server (a one-message read, as opening it does).
   */
  function applyInboxEvent(event: InboxEvent): Again {
    if (!isInboxEvent(event.type)) return {};
    log.push({ seq: ++seq, ...event });
    if (log.length > LOG_MAX) {
      log = log.slice(-LOG_MAX / 2);
      dropped = log[0]!.seq - 1;
    }
    const { state, again, markRead } = apply(now(), event);
    keep(state);
    if (markRead) void guarded(() => apiGet(`${convPath(markRead, 'messages')}?limit=1`).then(() => {}));
    return again;
  }

  /**
   * Follows `GET /api/live/events` and applies each event in place: a message, an ack or a
   * conversation change the store can place reads nothing again, so an event never races with Back
   * or an action. What it cannot place reads the list again (the open conversation too when it
   * cannot tell who took it), and every 'ready' (the stream opened, or opened again after a drop:
   * what came meanwhile is only seen by reading) reads both. `notify` hears of new waiting ones.
   */
  function watchInbox(notify?: (count: number) => void): () => void {
    const source = new EventSource('/api/live/events');
    // Another inbox (signed in again) or one that stopped following: nothing held before stays.
    me = null;
    counted = new Map();
    onMoreWaiting = notify ?? null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let again: Again = {};
    const refresh = (what: Again) => {
      again = { list: again.list || what.list, open: again.open || what.open };
      if (!again.list && !again.open) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { list, open } = again;
        again = {};
        if (list) void loadInbox();
        const on = $inboxOpen.get();
        if (open && on) void reloadOpen(on.conversation.id);
      }, 100);
    };
    readListSoon = () => refresh({ list: true });
    source.addEventListener('ready', () => {
      // Opened (again): events may have gone by unseen, so the rows held are not the counts' any more.
      counted = new Map();
      refresh({ list: true, open: true });
    });
    for (const type of ['message', 'ack', 'conversation', ...TEAM_EVENTS]) {
      source.addEventListener(type, (e) => {
        const before = $inboxList.get()?.groups.waiting.count;
        const data = JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>;
        if ((TEAM_EVENTS as readonly string[]).includes(type)) teamListeners.forEach((l) => l({ type, data }));
        if (isInboxEvent(type)) refresh(applyInboxEvent({ type, data }));
        const after = $inboxList.get()?.groups.waiting.count;
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

  /** Hears the team events of the stream; returns the unsubscribe. */
  function onTeamEvent(listener: (event: InboxEvent) => void): () => void {
    teamListeners.add(listener);
    return () => teamListeners.delete(listener);
  }

  /** Hears of new waiting conversations while the stream `$inboxStream` opened is open; returns the unsubscribe. */
  function onMoreWaitingCount(listener: (count: number) => void): () => void {
    waitingListeners.add(listener);
    return () => waitingListeners.delete(listener);
  }

  onMount($inboxStream, () => {
    void loadInbox();
    const stop = watchInbox((count) => waitingListeners.forEach((l) => l(count)));
    $inboxStream.set(true);
    return () => {
      stop();
      $inboxStream.set(false);
    };
  });

  return {
    $inboxGroup,
    $inboxQuery,
    $inboxFilter,
    $inboxList,
    $inboxOpen,
    $inboxError,
    $inboxPages,
    $inboxHasMore,
    $inboxStream,
    guarded,
    loadInbox,
    loadMoreInbox,
    showGroup,
    searchInbox,
    filterInbox,
    openConversation,
    closePane,
    inboxAction,
    transferTo,
    conversationCall,
    sendReply,
    watchInbox,
    onMoreWaitingCount,
    onTeamEvent,
  };
}
