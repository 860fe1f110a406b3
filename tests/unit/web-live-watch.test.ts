import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchInbox } from '../../web/stores/live';

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
