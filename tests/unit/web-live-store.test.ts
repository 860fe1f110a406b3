import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $liveGroup, $liveHasMore, $liveList, $liveOpen, LIVE_PAGE_SIZE, closePane, loadInbox, loadMoreInbox, openConversation, showGroup, watchInbox } from '../../web/stores/live';

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
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, data: [], groups: { waiting: { count: 0 } } }), { headers: { 'content-type': 'application/json' } }));
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
      return new Response(JSON.stringify({ success: true, data, page, limit, groups: { waiting: { count: total, unread: 0 } } }), { headers: { 'content-type': 'application/json' } });
    });
    return asked;
  }

  it("shows a page, 'Load more' adds the next one below it, and a new group starts from the first again", async () => {
    const asked = serve(LIVE_PAGE_SIZE + 7);
    await showGroup('waiting');
    expect($liveList.get()!.data).toHaveLength(LIVE_PAGE_SIZE);
    expect($liveHasMore.get()).toBe(true);
    await loadMoreInbox();
    expect($liveList.get()!.data.map((c) => c.id)).toEqual(Array.from({ length: LIVE_PAGE_SIZE + 7 }, (_, i) => conv(i).id));
    expect($liveHasMore.get()).toBe(false);
    expect(asked.at(-1)).toContain('page=2');
    await showGroup('closed');
    expect(asked.at(-1)).toMatch(/state=closed&page=1&/);
    expect($liveList.get()!.data).toHaveLength(LIVE_PAGE_SIZE);
  });
});

describe('the list read started last wins', () => {
  it("shows the group picked last when an earlier read of another group (a reload after a send) answers later", async () => {
    const waits = new Map<string, () => void>();
    vi.stubGlobal('fetch', async (path: string) => {
      const state = new URL(path, 'http://x').searchParams.get('state')!;
      await new Promise<void>((r) => waits.set(state, r));
      const data = [{ id: `1:${state}@c.us`, name: state }];
      return new Response(JSON.stringify({ success: true, data, page: 1, limit: LIVE_PAGE_SIZE, groups: { waiting: { count: 0, unread: 0 } } }), { headers: { 'content-type': 'application/json' } });
    });
    $liveGroup.set('mine');
    const reload = loadInbox();
    await vi.waitFor(() => expect(waits.has('mine')).toBe(true));
    const picked = showGroup('closed');
    await vi.waitFor(() => expect(waits.has('closed')).toBe(true));
    waits.get('closed')!();
    await picked;
    waits.get('mine')!();
    await reload;
    expect($liveList.get()?.data.map((c) => c.id)).toEqual(['1:closed@c.us']);
  });
});

describe('Back while a read of the open conversation is on its way', () => {
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const opened = (id: string) => ({ success: true, data: { conversation: { id, name: id }, messages: [] } });

  it('stays on the list when a reconnect\'s read of the conversation answers after Back', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    let release: () => void = () => {};
    vi.stubGlobal('fetch', async (path: string) => {
      if (!path.includes('/messages')) return json({ success: true, data: [], groups: { waiting: { count: 0 } } });
      if ($liveOpen.get()) await new Promise<void>((r) => (release = r));
      return json(opened('1:a@c.us'));
    });
    await openConversation('1:a@c.us');
    expect($liveOpen.get()?.conversation.id).toBe('1:a@c.us');
    const stop = watchInbox();
    // 'ready' (the stream opened again) is the event the store cannot apply: it reads both again.
    FakeSource.last.listeners.get('ready')!();
    await vi.advanceTimersByTimeAsync(150);
    closePane();
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect($liveOpen.get()).toBeNull();
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
    expect($liveOpen.get()?.conversation.id).toBe('1:b@c.us');
  });
});

describe('events applied in place', () => {
  beforeEach(() => {
    vi.stubGlobal('EventSource', FakeSource);
  });
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const group = (count: number, unread = 0) => ({ count, unread });
  const row = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: id, state: 'waiting', mine: false, agent: null, lastMessage: 'old', lastAt: 1_000, unread: 0, ...extra });
  const groups = { waiting: group(2), mine: group(1), taken: group(0), closed: group(0), none: group(0) };
  const fire = (type: string, data: unknown) => FakeSource.last.listeners.get(type)!({ data: JSON.stringify(data) });

  /** The inbox on screen (waiting: a, b; a open with one queued reply), then a server that records every later request. */
  async function onScreen() {
    vi.stubGlobal('fetch', async (path: string) =>
      path.includes('/messages')
        ? json({ success: true, data: { conversation: row('1:a@c.us'), messages: [{ id: 'm1', fromMe: true, timestamp: 1, status: 'queued', ack: 0 }] } })
        : json({ success: true, data: [row('1:a@c.us'), row('1:b@c.us'), row('1:me@c.us', { state: 'taken', mine: true, agent: 'me@x.dev' })], groups }),
    );
    await showGroup('waiting');
    await openConversation('1:a@c.us');
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      asked.push(path);
      return json({ success: true, data: [], groups });
    });
    return asked;
  }

  it('a message shows in the open conversation and moves its row up, without reading either again', async () => {
    vi.useFakeTimers();
    const stop = watchInbox();
    const asked = await onScreen();
    fire('message', { conversationId: '1:a@c.us', message: { id: 'm2', fromMe: true, type: 'text', text: 'hello', timestamp: 5, status: 'queued', ack: 0 } });
    fire('message', { conversationId: '1:b@c.us', message: { id: 'm3', fromMe: false, type: 'text', text: 'hi there', timestamp: 6, status: 'received' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(asked).toEqual([]);
    expect($liveOpen.get()!.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    const list = $liveList.get()!;
    expect(list.data.map((c) => [c.id, c.lastMessage, c.unread])).toEqual([
      ['1:b@c.us', 'hi there', 1],
      ['1:a@c.us', 'hello', 0],
      ['1:me@c.us', 'old', 0],
    ]);
    expect(list.data[0]!.lastAt).toBe(6_000);
    expect(list.groups.waiting).toEqual(group(2, 1));
    stop();
  });

  it("a customer's message in the open conversation shows in place and is marked read on the server (a one-message read, not a reload)", async () => {
    vi.useFakeTimers();
    const stop = watchInbox();
    const asked = await onScreen();
    fire('message', { conversationId: '1:a@c.us', message: { id: 'm4', fromMe: false, type: 'text', text: 'yes', timestamp: 7, status: 'received' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(asked).toEqual(['/api/live/conversations/1%3Aa%40c.us/messages?limit=1']);
    expect($liveOpen.get()!.messages.map((m) => m.id)).toEqual(['m1', 'm4']);
    expect($liveList.get()!.data[0]).toMatchObject({ id: '1:a@c.us', lastMessage: 'yes', unread: 0 });
    stop();
  });

  it("an ack changes its message's status in place", async () => {
    vi.useFakeTimers();
    const stop = watchInbox();
    const asked = await onScreen();
    const before = $liveOpen.get()!.conversation;
    fire('ack', { conversationId: '1:a@c.us', msgId: 'm1', ack: 2 });
    await vi.advanceTimersByTimeAsync(500);
    expect(asked).toEqual([]);
    expect($liveOpen.get()!.messages[0]).toMatchObject({ id: 'm1', status: 'sent', ack: 2 });
    expect($liveOpen.get()!.conversation).toBe(before);
    stop();
  });

  it('a conversation taken by this inbox moves to Mine in the counts and the open header, without a read', async () => {
    vi.useFakeTimers();
    const stop = watchInbox();
    const asked = await onScreen();
    fire('conversation', { event: 'taken_by_agent', by: 'me@x.dev', conversation: { ...row('1:a@c.us', { state: 'taken', agent: 'me@x.dev' }), mine: undefined } });
    await vi.advanceTimersByTimeAsync(500);
    expect(asked).toEqual([]);
    expect($liveOpen.get()!.conversation).toMatchObject({ state: 'taken', mine: true, agent: 'me@x.dev' });
    expect($liveList.get()!.data.map((c) => c.id)).toEqual(['1:b@c.us', '1:me@c.us']);
    expect($liveList.get()!.groups).toMatchObject({ waiting: group(1), mine: group(2) });
    stop();
  });

  it('reads the list again for what it cannot place: a new conversation, or a holder it cannot tell is this inbox', async () => {
    vi.useFakeTimers();
    const stop = watchInbox();
    const asked = await onScreen();
    fire('conversation', { event: 'waiting', conversation: row('1:new@c.us') });
    await vi.advanceTimersByTimeAsync(150);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^\/api\/live\/conversations\?state=waiting/);
    stop();
    // A fresh stream knows nobody yet: a conversation taken by someone is read again, the open one too.
    const restart = watchInbox();
    await loadInbox();
    asked.length = 0;
    fire('conversation', { event: 'taken_by_agent', conversation: row('1:a@c.us', { state: 'taken', agent: 'other@x.dev' }) });
    await vi.advanceTimersByTimeAsync(150);
    expect(asked.some((p) => p.endsWith('/1%3Aa%40c.us/messages'))).toBe(true);
    restart();
  });
});
