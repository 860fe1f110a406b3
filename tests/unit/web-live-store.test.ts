import { afterEach, describe, expect, it, vi } from 'vitest';
import { $liveHasMore, $liveList, $liveOpen, LIVE_PAGE_SIZE, closePane, loadMoreInbox, openConversation, showGroup, watchInbox } from '../../web/stores/live';

/** An EventSource that lets the test fire the server's events by hand. */
class FakeSource {
  static last: FakeSource;
  readonly listeners = new Map<string, () => void>();
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, fn: () => void) {
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

describe('Back while a read of the open conversation is on its way', () => {
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const opened = (id: string) => ({ success: true, data: { conversation: { id, name: id }, messages: [] } });

  it('stays on the list when an event\'s read of the conversation answers after Back', async () => {
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
    FakeSource.last.listeners.get('ack')!();
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
