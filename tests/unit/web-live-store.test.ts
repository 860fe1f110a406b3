import { afterEach, describe, expect, it, vi } from 'vitest';
import { $liveHasMore, $liveList, LIVE_PAGE_SIZE, loadMoreInbox, showGroup, watchInbox } from '../../web/stores/live';

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
