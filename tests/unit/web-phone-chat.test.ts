import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../web/lib/bootstrap';
import { $chat, $chatPhone, $chatStream, $conversations, $messages, openChat } from '../../web/stores/phone-chat';
import { apply, type PhoneChatState } from '../../web/stores/phone-chat/reducer';
import type { ChatMessage } from '../../web/stores/phone-chat/types';
import { $product } from '../../web/stores/product';

const msg = (id: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  type: 'text',
  fromMe: true,
  timestamp: 1,
  status: 'sent',
  ack: 1,
  ...over,
});
const open = (messages: ChatMessage[] | null): PhoneChatState => ({
  conversations: [],
  chat: { id: 'a@c.us', name: 'A' },
  messages,
});

describe('the phone chat reducer', () => {
  it("reads the list again for a new message, and the open chat's messages when it is that chat", () => {
    const state = open([msg('m1')]);
    expect(apply(state, { type: 'message', data: { chatId: 'a@c.us', id: 'm2' } })).toEqual({
      state,
      again: { list: true, open: true },
    });
    expect(apply(state, { type: 'message', data: { chatId: 'b@c.us', id: 'm3' } }).again).toEqual({
      list: true,
      open: false,
    });
    expect(apply({ ...state, chat: null }, { type: 'message', data: { chatId: 'a@c.us', id: 'm4' } }).again).toEqual({
      list: true,
      open: false,
    });
  });

  it("sets an ack in place on the open chat's message, idempotent and never lower", () => {
    const state = open([msg('m1'), msg('m2')]);
    const read = apply(state, { type: 'ack', data: { chatId: 'a@c.us', id: 'm2', status: 'sent', ack: 3 } });
    expect(read.again).toEqual({ list: false });
    expect(read.state.messages!.map((m) => m.ack)).toEqual([1, 3]);
    expect(read.state.messages![0]).toBe(state.messages![0]);
    // The same event again, or an older one arriving late: nothing changes.
    expect(apply(read.state, { type: 'ack', data: { chatId: 'a@c.us', id: 'm2', status: 'sent', ack: 3 } }).state).toBe(
      read.state,
    );
    expect(apply(read.state, { type: 'ack', data: { chatId: 'a@c.us', id: 'm2', status: 'sent', ack: 2 } }).state).toBe(
      read.state,
    );
  });

  it('reads the list again when a message leaves the queue or fails, and the open chat for one it does not show', () => {
    const state = open([msg('m1', { status: 'queued', ack: 0 })]);
    const failed = apply(state, {
      type: 'ack',
      data: { chatId: 'a@c.us', id: 'm1', status: 'failed', ack: 0, error: 'Number not on WhatsApp' },
    });
    expect(failed.again).toEqual({ list: true });
    expect(failed.state.messages![0]).toMatchObject({ status: 'failed', error: 'Number not on WhatsApp' });
    expect(apply(state, { type: 'ack', data: { chatId: 'a@c.us', id: 'm9', status: 'sent', ack: 1 } }).again).toEqual({
      list: false,
      open: true,
    });
    expect(apply(state, { type: 'ack', data: { chatId: 'b@c.us', id: 'm1', status: 'sending', ack: 0 } })).toEqual({
      state,
      again: { list: true },
    });
    expect(apply(state, { type: 'note', data: {} })).toEqual({ state, again: {} });
  });
});

/** An EventSource that lets the test fire the server's events by hand. */
class FakeSource {
  static opened: FakeSource[] = [];
  readonly listeners = new Map<string, (e?: { data: string }) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e?: { data: string }) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the phone chat store', () => {
  it("opens the phone's stream on mount, reads at 'ready' and on events, follows another phone and closes on unmount", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    $product.set({ id: 'p1', settings: { wapi_token: 'tok' } } as unknown as Product);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      asked.push(path);
      const data = path.includes('/getConversations/')
        ? { messages: [msg('m1')] }
        : [{ id: 'a@c.us', unreadCount: 2, name: 'A' }];
      return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
    });
    $chatPhone.set(7);
    const off = $chatStream.listen(() => {});
    expect(FakeSource.opened.at(-1)!.url).toBe('/api/wapi/phones/7/chatEvents');
    await vi.advanceTimersByTimeAsync(10);
    expect(asked).toEqual(['/api/p1/7/getConversations']);
    openChat({ id: 'a@c.us', name: 'A' });
    await vi.advanceTimersByTimeAsync(10);
    expect($messages.get()!.map((m) => m.id)).toEqual(['m1']);
    expect($conversations.get()![0]!.unreadCount).toBe(0);

    // Opened (again): the list and the open chat are read once, however many asked.
    asked.length = 0;
    const source = FakeSource.opened.at(-1)!;
    source.listeners.get('ready')!();
    source.listeners.get('message')!({ data: JSON.stringify({ chatId: 'a@c.us', id: 'm2' }) });
    await vi.advanceTimersByTimeAsync(150);
    expect(asked.sort()).toEqual(['/api/p1/7/getConversations', '/api/p1/7/getConversations/a%40c.us']);

    // An ack is set in place: nothing is read.
    asked.length = 0;
    source.listeners.get('ack')!({ data: JSON.stringify({ chatId: 'a@c.us', id: 'm1', status: 'sent', ack: 3 }) });
    await vi.advanceTimersByTimeAsync(150);
    expect(asked).toEqual([]);
    expect($messages.get()![0]!.ack).toBe(3);

    // Another phone: the first stream closes, the chat closes, the other one's stream opens.
    $chatPhone.set(8);
    expect(source.closed).toBe(true);
    expect($chat.get()).toBe(null);
    expect(FakeSource.opened.at(-1)!.url).toBe('/api/wapi/phones/8/chatEvents');
    off();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(FakeSource.opened.at(-1)!.closed).toBe(true);
    $chatPhone.set(0);
  });
});
