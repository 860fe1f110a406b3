import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INBOX_PAGE_SIZE, inbox } from '../../web/stores/inbox';

const {
  $inboxGroup,
  $inboxHasMore,
  $inboxList,
  $inboxOpen,
  closePane,
  loadInbox,
  loadMoreInbox,
  openConversation,
  showGroup,
  watchInbox,
} = inbox;

/** An EventSource that lets the test fire the server's events by hand. */
class FakeSource {
  static last: FakeSource;
  readonly listeners = new Map<string, (e?: { data: string }) => void>();
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, fn: (e?: { data: string }) => void) {
    this.listeners.set(type, fn);
  }
  close() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the inbox event stream in the browser store', () => {
  it('reads the inbox again once the stream is open, so a message that came while the page loaded shows', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, data: [], groups: { waiting: { count: 0 } } }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const stop = watchInbox();
    expect(FakeSource.last.url).toBe('/api/live/events');
    FakeSource.last.listeners.get('ready')!();
    await vi.advanceTimersByTimeAsync(150);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^\/api\/live\/conversations\?state=waiting/);
    stop();
  });
});

describe('the inbox list pages', () => {
  const conv = (i: number) => ({ id: `1:${i}@c.us`, name: `c${i}` });
  /** A server of `total` conversations answering the page and limit it is asked for. */
  function serve(total: number) {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      asked.push(path);
      const u = new URL(path, 'http://x');
      const page = Number(u.searchParams.get('page'));
      const limit = Number(u.searchParams.get('limit'));
      const data = Array.from({ length: total }, (_, i) => conv(i)).slice((page - 1) * limit, page * limit);
      return new Response(
        JSON.stringify({ success: true, data, page, limit, groups: { waiting: { count: total, unread: 0 } } }),
        { headers: { 'content-type': 'application/json' } },
      );
    });
    return asked;
  }

  it("shows a page, 'Load more' adds the next one below it, and a new group starts from the first again", async () => {
    const asked = serve(INBOX_PAGE_SIZE + 7);
    await showGroup('waiting');
    expect($inboxList.get()!.data).toHaveLength(INBOX_PAGE_SIZE);
    expect($inboxHasMore.get()).toBe(true);
    await loadMoreInbox();
    expect($inboxList.get()!.data.map((c) => c.id)).toEqual(
      Array.from({ length: INBOX_PAGE_SIZE + 7 }, (_, i) => conv(i).id),
    );
    expect($inboxHasMore.get()).toBe(false);
    expect(asked.at(-1)).toContain('page=2');
    await showGroup('closed');
    expect(asked.at(-1)).toMatch(/state=closed&page=1&/);
    expect($inboxList.get()!.data).toHaveLength(INBOX_PAGE_SIZE);
  });
});

describe('Back while a read of the open conversation is on its way', () => {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const opened = (id: string) => ({ success: true, data: { conversation: { id, name: id }, messages: [] } });

  it("stays on the list when a reconnect's read of the conversation answers after Back", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    let release: () => void = () => {};
    vi.stubGlobal('fetch', async (path: string) => {
      if (!path.includes('/messages')) return json({ success: true, data: [], groups: { waiting: { count: 0 } } });
      if ($inboxOpen.get()) await new Promise<void>((r) => (release = r));
      return json(opened('1:a@c.us'));
    });
    await openConversation('1:a@c.us');
    expect($inboxOpen.get()?.conversation.id).toBe('1:a@c.us');
    const stop = watchInbox();
    // 'ready' (the stream opened again) is the event that reads both again; the others read nothing.
    FakeSource.last.listeners.get('ready')!();
    await vi.advanceTimersByTimeAsync(150);
    closePane();
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect($inboxOpen.get()).toBeNull();
    stop();
  });

  it('shows the conversation chosen last when an earlier choice answers later', async () => {
    const waits = new Map<string, () => void>();
    vi.stubGlobal('fetch', async (path: string) => {
      const id = decodeURIComponent(path.split('/')[4]!);
      await new Promise<void>((r) => waits.set(id, r));
      return json(opened(id));
    });
    const first = openConversation('1:a@c.us');
    const second = openConversation('1:b@c.us');
    await vi.waitFor(() => expect(waits.size).toBe(2));
    waits.get('1:b@c.us')!();
    await second;
    waits.get('1:a@c.us')!();
    await first;
    expect($inboxOpen.get()?.conversation.id).toBe('1:b@c.us');
  });
});

describe('the list read started last wins', () => {
  it('shows the group picked last when an earlier read of another group answers later', async () => {
    const waits = new Map<string, () => void>();
    vi.stubGlobal('fetch', async (path: string) => {
      const state = new URL(path, 'http://x').searchParams.get('state')!;
      await new Promise<void>((r) => waits.set(state, r));
      const data = [{ id: `1:${state}@c.us`, name: state }];
      return new Response(
        JSON.stringify({
          success: true,
          data,
          page: 1,
          limit: INBOX_PAGE_SIZE,
          groups: { waiting: { count: 0, unread: 0 } },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    });
    $inboxGroup.set('mine');
    const reload = loadInbox();
    await vi.waitFor(() => expect(waits.has('mine')).toBe(true));
    const picked = showGroup('closed');
    await vi.waitFor(() => expect(waits.has('closed')).toBe(true));
    waits.get('closed')!();
    await picked;
    waits.get('mine')!();
    await reload;
    expect($inboxList.get()?.data.map((c) => c.id)).toEqual(['1:closed@c.us']);
  });
});

/*
 * The stream's events applied in place, against a fake server whose state the test changes and
 * whose answers it can hold back: the server reads when asked and the answer arrives when released
 * (an answer read before a change but arriving after its event, as on a loaded machine).
 */
type Store = (typeof import('../../web/stores/inbox'))['inbox'];
type Row = {
  id: string;
  chatId: string;
  name: string;
  state: 'waiting' | 'taken' | 'closed' | 'none';
  agent: string | null;
  lastMessage: string;
  lastAt: number;
  unread: number;
};
const ME = 'ann@x.dev';
const OTHER = 'bob@x.dev';
const conversationRow = (n: string, extra: Partial<Row> = {}): Row => ({
  id: `1:${n}@c.us`,
  chatId: `${n}@c.us`,
  name: n,
  state: 'waiting',
  agent: null,
  lastMessage: `from ${n}`,
  lastAt: 1_000,
  unread: 0,
  ...extra,
});
const groupOfRow = (r: Row) => (r.state === 'taken' ? (r.agent === ME ? 'mine' : 'taken') : r.state);
const asSeen = (r: Row) => ({ ...r, mine: groupOfRow(r) === 'mine' });

function fakeServer(rows: Row[]) {
  const server = {
    rows,
    messages: new Map<string, Record<string, unknown>[]>(),
    /** Every request after `since()`: 'GET path' / 'POST path'. */
    asked: [] as string[],
    held: [] as { match: RegExp; release?: () => void; arrived?: boolean }[],
    /** Holds the next answer whose request matches until `release()` is called. */
    hold(match: RegExp) {
      const h: (typeof server.held)[number] = { match };
      server.held.push(h);
      return {
        asked: () => h.arrived === true,
        release: async () => {
          await vi.waitFor(() => expect(h.release).toBeTypeOf('function'));
          h.release!();
          await new Promise((r) => setTimeout(r, 0));
        },
      };
    },
    row: (id: string) => server.rows.find((r) => r.id === id)!,
    set(id: string, change: Partial<Row>) {
      Object.assign(server.row(id), change);
      return { ...server.row(id) };
    },
    since() {
      server.asked.length = 0;
      return server.asked;
    },
  };
  const answer = (method: string, path: string) => {
    const u = new URL(path, 'http://x');
    if (method === 'POST') {
      const [, , , , id, action] = u.pathname.split('/').map(decodeURIComponent);
      if (action === 'send') return { success: true, data: { msgId: 'sent-1', chatId: server.row(id!).chatId } };
      const state =
        action === 'take' ? 'taken' : action === 'close' ? 'closed' : action === 'reopen' ? 'waiting' : 'taken';
      return {
        success: true,
        data: asSeen(
          server.set(id!, { state, agent: action === 'reopen' ? null : action === 'transfer' ? OTHER : ME }),
        ),
      };
    }
    if (u.pathname.endsWith('/messages')) {
      const id = decodeURIComponent(u.pathname.split('/')[4]!);
      return {
        success: true,
        data: { conversation: asSeen(server.row(id)), messages: structuredClone(server.messages.get(id) ?? []) },
      };
    }
    const state = u.searchParams.get('state');
    const groups = Object.fromEntries(
      ['waiting', 'mine', 'taken', 'closed', 'none'].map((g) => [g, { count: 0, unread: 0 }]),
    ) as Record<string, { count: number; unread: number }>;
    for (const r of server.rows) {
      groups[groupOfRow(r)]!.count++;
      groups[groupOfRow(r)]!.unread += r.unread;
    }
    const data = server.rows
      .filter((r) => groupOfRow(r) === state)
      .sort((a, b) => b.lastAt - a.lastAt)
      .map(asSeen);
    return { success: true, data, page: 1, limit: 50, groups };
  };
  vi.stubGlobal('fetch', async (path: string, init?: { method?: string }) => {
    const method = init?.method ?? 'GET';
    server.asked.push(`${method} ${path}`);
    const body = answer(method, path);
    const h = server.held.find((x) => !x.arrived && x.match.test(`${method} ${path}`));
    if (h) {
      h.arrived = true;
      await new Promise<void>((r) => (h.release = r));
    }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return server;
}

/** An event as the server writes it. */
const fire = (type: string, data: unknown) => FakeSource.last.listeners.get(type)!({ data: JSON.stringify(data) });
const conversationEvent = (event: string, r: Row) => fire('conversation', { event, conversation: { ...r } });
const ids = (s: Store) => s.$inboxList.get()!.data.map((c) => c.id);
const counts = (s: Store) =>
  Object.fromEntries(Object.entries(s.$inboxList.get()!.groups).map(([g, v]) => [g, v.count]));
const reads = (asked: string[]) => asked.filter((a) => a.startsWith('GET /api/live/conversations'));

describe('the stream applied in place', () => {
  let s: Store;
  let stop = () => {};
  beforeEach(async () => {
    vi.resetModules();
    vi.stubGlobal('EventSource', FakeSource);
    s = (await import('../../web/stores/inbox')).inbox;
  });
  afterEach(() => stop());

  /**
   * The inbox on screen: Waiting (a, b), c held by this inbox and open with one queued reply, x
   * closed; the stream open (its first 'ready' read done).
   */
  async function onScreen(group: 'waiting' | 'mine' | 'closed' = 'waiting') {
    const server = fakeServer([
      conversationRow('a', { lastAt: 3_000 }),
      conversationRow('b', { lastAt: 2_000 }),
      conversationRow('c', { state: 'taken', agent: ME, lastAt: 1_500 }),
      conversationRow('x', { state: 'closed', agent: OTHER, lastAt: 500 }),
    ]);
    server.messages.set('1:c@c.us', [
      { id: 'm1', fromMe: true, type: 'text', text: 'hi', timestamp: 1, status: 'queued', ack: 0 },
    ]);
    stop = s.watchInbox();
    await s.showGroup(group);
    await s.openConversation('1:c@c.us');
    return server;
  }

  it("a message shows in the open conversation and moves its row up with the server's unread count, reading nothing again", async () => {
    const server = await onScreen();
    const asked = server.since();
    fire('message', {
      conversationId: '1:c@c.us',
      message: { id: 'm2', fromMe: true, type: 'text', text: 'hello', timestamp: 5, status: 'queued', ack: 0 },
      unread: 0,
    });
    fire('message', {
      conversationId: '1:b@c.us',
      message: { id: 'm3', fromMe: false, type: 'text', text: 'hi there', timestamp: 6, status: 'received' },
      unread: 1,
    });
    await new Promise((r) => setTimeout(r, 200));
    // No read of the list or the conversation: nothing was asked of the server at all.
    expect(asked).toEqual([]);
    expect(s.$inboxOpen.get()!.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(s.$inboxList.get()!.data.map((c) => [c.id, c.lastMessage, c.lastAt, c.unread])).toEqual([
      ['1:b@c.us', 'hi there', 6_000, 1],
      ['1:a@c.us', 'from a', 3_000, 0],
    ]);
    expect(s.$inboxList.get()!.groups.waiting).toEqual({ count: 2, unread: 1 });
    // The same event again (a replay): the server's count is set, not added to.
    fire('message', {
      conversationId: '1:b@c.us',
      message: { id: 'm3', fromMe: false, type: 'text', text: 'hi there', timestamp: 6, status: 'received' },
      unread: 1,
    });
    fire('message', {
      conversationId: '1:c@c.us',
      message: { id: 'm2', fromMe: true, type: 'text', text: 'hello', timestamp: 5, status: 'queued', ack: 0 },
      unread: 0,
    });
    expect(s.$inboxList.get()!.groups.waiting).toEqual({ count: 2, unread: 1 });
    expect(s.$inboxList.get()!.data[0]!.unread).toBe(1);
    expect(s.$inboxOpen.get()!.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it("a customer's message in the open conversation shows in place and is marked read with a one-message read, not a reload", async () => {
    const server = await onScreen();
    const asked = server.since();
    fire('message', {
      conversationId: '1:c@c.us',
      message: { id: 'm4', fromMe: false, type: 'text', text: 'yes', timestamp: 7, status: 'received' },
      unread: 1,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toEqual(['GET /api/live/conversations/1%3Ac%40c.us/messages?limit=1']);
    expect(s.$inboxOpen.get()!.messages.map((m) => m.id)).toEqual(['m1', 'm4']);
    expect(s.$inboxList.get()!.groups.mine).toEqual({ count: 1, unread: 0 });
  });

  it("an ack raises its message's ticks in place and never lowers them", async () => {
    const server = await onScreen();
    const asked = server.since();
    fire('ack', { conversationId: '1:c@c.us', msgId: 'm1', ack: 2 });
    fire('ack', { conversationId: '1:c@c.us', msgId: 'm1', ack: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toEqual([]);
    expect(s.$inboxOpen.get()!.messages[0]).toMatchObject({ id: 'm1', status: 'sent', ack: 2 });
  });

  it('conversation events move conversations between the groups: out of the group on screen, into it in its place, counts once', async () => {
    const server = await onScreen();
    const asked = server.since();
    // a taken by this inbox, b by another agent: both leave Waiting.
    conversationEvent('taken_by_agent', server.set('1:a@c.us', { state: 'taken', agent: ME }));
    conversationEvent('taken_by_agent', server.set('1:b@c.us', { state: 'taken', agent: OTHER }));
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toEqual([]);
    expect(ids(s)).toEqual([]);
    expect(counts(s)).toEqual({ waiting: 0, mine: 2, taken: 1, closed: 1, none: 0 });
    // The same events again (a read already held them, or a replay): nothing moves twice.
    conversationEvent('taken_by_agent', { ...server.row('1:a@c.us') });
    conversationEvent('taken_by_agent', { ...server.row('1:b@c.us') });
    expect(counts(s)).toEqual({ waiting: 0, mine: 2, taken: 1, closed: 1, none: 0 });
    // b handed to this inbox while Mine is on screen: it comes in at its place (latest first).
    await s.showGroup('mine');
    server.since();
    conversationEvent('transferred', server.set('1:b@c.us', { agent: ME }));
    expect(ids(s)).toEqual(['1:a@c.us', '1:b@c.us', '1:c@c.us']);
    expect(counts(s)).toMatchObject({ mine: 3, taken: 0 });
    // The open one closed: out of Mine, its header closed.
    conversationEvent('closed', server.set('1:c@c.us', { state: 'closed' }));
    expect(ids(s)).toEqual(['1:a@c.us', '1:b@c.us']);
    expect(counts(s)).toMatchObject({ mine: 2, closed: 2 });
    expect(s.$inboxOpen.get()!.conversation).toMatchObject({ state: 'closed', mine: false });
    expect(asked).toEqual([]);
  });

  it('a conversation reopened while Close is on screen leaves the Close list for Waiting', async () => {
    const server = await onScreen('closed');
    const asked = server.since();
    expect(ids(s)).toEqual(['1:x@c.us']);
    conversationEvent('reopened', server.set('1:x@c.us', { state: 'waiting', agent: null }));
    expect(ids(s)).toEqual([]);
    expect(counts(s)).toMatchObject({ waiting: 3, closed: 0 });
    expect(asked).toEqual([]);
  });

  it('a list read started before a change answers after its event: the event stands (the Close list race)', async () => {
    const server = await onScreen('mine');
    // The agent picks Mine again (any read of the list: Load more, a reconnect): the server reads it now...
    const held = server.hold(/state=mine/);
    const picked = s.showGroup('mine');
    await vi.waitFor(() => expect(held.asked()).toBe(true));
    // ...then c is closed and its event applied before that answer arrives.
    conversationEvent('closed', server.set('1:c@c.us', { state: 'closed' }));
    expect(ids(s)).toEqual([]);
    await held.release();
    await picked;
    expect(ids(s)).toEqual([]);
    expect(counts(s)).toMatchObject({ mine: 0, closed: 2 });
    // The Close group now shows it.
    await s.showGroup('closed');
    expect(ids(s)).toEqual(['1:c@c.us', '1:x@c.us']);
  });

  it('a read of the open conversation started before the close answers after its event: the conversation stays closed (Reopen shows)', async () => {
    const server = await onScreen();
    const held = server.hold(/1%3Ac%40c\.us\/messages$/);
    // The stream opened again: both are read; the server reads c while it is still taken...
    fire('ready', { lastEventId: 0 });
    await vi.waitFor(() => expect(held.asked()).toBe(true), { timeout: 1_000 });
    // ...then the close's event arrives, then that old answer.
    conversationEvent('closed', server.set('1:c@c.us', { state: 'closed' }));
    expect(s.$inboxOpen.get()!.conversation.state).toBe('closed');
    await held.release();
    expect(s.$inboxOpen.get()!.conversation).toMatchObject({ id: '1:c@c.us', state: 'closed' });
  });

  it("an action's answer that arrives after newer events leaves the events' state; nothing is read again", async () => {
    const server = await onScreen('mine');
    const asked = server.since();
    const held = server.hold(/POST .*close$/);
    const closing = s.inboxAction('1:c@c.us', 'close');
    await vi.waitFor(() => expect(held.asked()).toBe(true));
    // The close's own event, then another agent reopens it: both before the close's answer.
    conversationEvent('closed', { ...server.row('1:c@c.us') });
    conversationEvent('reopened', server.set('1:c@c.us', { state: 'waiting', agent: null }));
    await held.release();
    await closing;
    expect(s.$inboxOpen.get()!.conversation.state).toBe('waiting');
    expect(counts(s)).toMatchObject({ waiting: 3, mine: 0, closed: 1 });
    expect(reads(asked)).toEqual([]);
  });

  it("an action's answer and its event move the counts once, whichever comes first", async () => {
    const server = await onScreen('mine');
    const asked = server.since();
    // The answer first, then the event.
    await s.inboxAction('1:c@c.us', 'close');
    expect(s.$inboxOpen.get()!.conversation.state).toBe('closed');
    expect(counts(s)).toMatchObject({ mine: 0, closed: 2 });
    conversationEvent('closed', { ...server.row('1:c@c.us') });
    expect(counts(s)).toMatchObject({ mine: 0, closed: 2 });
    // The event first, then the answer.
    const held = server.hold(/POST .*reopen$/);
    const reopening = s.inboxAction('1:c@c.us', 'reopen');
    await vi.waitFor(() => expect(held.asked()).toBe(true));
    conversationEvent('reopened', { ...server.row('1:c@c.us') });
    await held.release();
    await reopening;
    expect(counts(s)).toMatchObject({ waiting: 3, mine: 0, closed: 1 });
    expect(reads(asked)).toEqual([]);
  });

  it('a reply reads nothing again: the message event shows it', async () => {
    const server = await onScreen();
    const asked = server.since();
    expect(await s.sendReply('1:c@c.us', { type: 'text', message: 'on it' })).toBe(true);
    fire('message', {
      conversationId: '1:c@c.us',
      message: { id: 'sent-1', fromMe: true, type: 'text', text: 'on it', timestamp: 9, status: 'queued', ack: 0 },
      unread: 0,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toEqual(['POST /api/live/conversations/1%3Ac%40c.us/send']);
    expect(s.$inboxOpen.get()!.messages.map((m) => m.id)).toEqual(['m1', 'sent-1']);
  });

  it('reads the list again only for what it cannot place: a conversation it holds no row of', async () => {
    const server = await onScreen();
    const asked = server.since();
    server.rows.push(conversationRow('new', { lastAt: 9_000, unread: 1 }));
    fire('message', {
      conversationId: '1:new@c.us',
      message: { id: 'n1', fromMe: false, type: 'text', text: 'new here', timestamp: 9, status: 'received' },
      unread: 1,
    });
    conversationEvent('waiting', { ...server.row('1:new@c.us') });
    await vi.waitFor(() => expect(ids(s)).toEqual(['1:new@c.us', '1:a@c.us', '1:b@c.us']));
    expect(reads(asked)).toHaveLength(1);
    expect(reads(asked)[0]).toMatch(/^GET \/api\/live\/conversations\?state=waiting/);
    expect(counts(s)).toMatchObject({ waiting: 3 });
  });

  it('opening a conversation clears its unread count in the list too (the server cleared it when read)', async () => {
    const server = await onScreen();
    server.set('1:b@c.us', { unread: 2 });
    await s.loadInbox();
    expect(s.$inboxList.get()!.groups.waiting.unread).toBe(2);
    server.set('1:b@c.us', { unread: 0 });
    await s.openConversation('1:b@c.us');
    expect(s.$inboxList.get()!.data.find((c) => c.id === '1:b@c.us')!.unread).toBe(0);
    expect(s.$inboxList.get()!.groups.waiting.unread).toBe(0);
  });

  it('with a search on screen a message reads the list again (only the server tells what matches)', async () => {
    const server = await onScreen();
    await s.searchInbox('from');
    const asked = server.since();
    fire('message', {
      conversationId: '1:a@c.us',
      message: { id: 'q1', fromMe: false, type: 'text', text: 'something else', timestamp: 8, status: 'received' },
      unread: 1,
    });
    await vi.waitFor(() => expect(reads(asked)).toHaveLength(1));
    expect(reads(asked)[0]).toMatch(/&q=from$/);
  });
  it('a label or contact event reaches the rows and the team listeners (the label picker, the contact panel); a message only the rows', async () => {
    const server = await onScreen();
    const asked = server.since();
    const heard: string[] = [];
    const off = s.onTeamEvent((e) => heard.push(e.type));
    fire('labels', { event: 'label_created', by: 'o@x.dev', label: { id: 9, name: 'gold', color: '#123456' } });
    fire('contact', { chatId: 'a@c.us', by: OTHER, contact: { name: 'Ada', email: null, attributes: {} } });
    fire('message', {
      conversationId: '1:b@c.us',
      message: { id: 'm9', fromMe: false, type: 'text', text: 'again', timestamp: 7, status: 'received' },
      unread: 1,
    });
    off();
    expect(heard).toEqual(['labels', 'contact']);
    expect(s.$inboxList.get()!.data.find((c) => c.id === '1:a@c.us')!.name).toBe('Ada');
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toEqual([]);
  });
});
