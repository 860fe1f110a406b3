import { describe, expect, it } from 'vitest';
import { type InboxState, apply, placeRow } from '../../web/stores/inbox/reducer';
import type { InboxConversation, InboxOpen } from '../../web/stores/inbox/types';

/*
 * The live inbox's reducer alone: a state in, an event in, a new state out. No DOM, no fetch, no
 * EventSource, no timers: what an event does to the list, the counts and the open conversation.
 */
const ME = 'ann@x.dev';
const row = (n: string, extra: Partial<InboxConversation> = {}): InboxConversation =>
  ({
    id: `1:${n}@c.us`,
    chatId: `${n}@c.us`,
    name: n,
    state: 'waiting',
    agent: null,
    lastMessage: `from ${n}`,
    lastAt: 1_000,
    unread: 0,
    mine: false,
    ...extra,
  }) as InboxConversation;
const zero = { count: 0, unread: 0 };

function inbox(): InboxState {
  const a = row('a', { lastAt: 3_000 });
  const b = row('b', { lastAt: 2_000 });
  const c = row('c', { state: 'taken', agent: ME, mine: true, lastAt: 1_500 });
  return {
    group: 'waiting',
    query: '',
    hasMore: false,
    list: {
      data: [a, b],
      groups: {
        waiting: { count: 2, unread: 0 },
        mine: { count: 1, unread: 0 },
        taken: zero,
        closed: zero,
        snoozed: zero,
        none: zero,
      },
    },
    open: {
      conversation: c,
      messages: [{ id: 'm1', fromMe: true, type: 'text', text: 'hi', timestamp: 1, status: 'queued', ack: 0 }],
    } as unknown as InboxOpen,
    counted: new Map([a, b, c].map((r) => [r.id, r])),
    me: ME,
  };
}
const ids = (s: InboxState) => s.list!.data.map((c) => c.id);
const shared = (r: InboxConversation) => {
  const { mine: _mine, ...rest } = r;
  return rest;
};

describe('the live inbox reducer', () => {
  it("a customer's message moves its row up with the server's unread count, once however often it is applied", () => {
    const event = {
      type: 'message',
      data: {
        conversationId: '1:b@c.us',
        message: { id: 'm3', fromMe: false, type: 'text', text: 'hi there', timestamp: 6, status: 'received' },
        unread: 1,
      },
    };
    const before = inbox();
    const once = apply(before, event);
    expect(once.again).toEqual({ list: false, open: false });
    expect(once.markRead).toBeUndefined();
    expect(ids(once.state)).toEqual(['1:b@c.us', '1:a@c.us']);
    expect(once.state.list!.data[0]).toMatchObject({ lastMessage: 'hi there', lastAt: 6_000, unread: 1 });
    expect(once.state.list!.groups.waiting).toEqual({ count: 2, unread: 1 });
    const twice = apply(once.state, event);
    expect(twice.state.list!.groups.waiting).toEqual({ count: 2, unread: 1 });
    // Pure: the state it was given is as it was.
    expect(ids(before)).toEqual(['1:a@c.us', '1:b@c.us']);
    expect(before.counted.get('1:b@c.us')!.unread).toBe(0);
  });

  it('a message in the open conversation is added once and, from the customer, asks for it to be marked read', () => {
    const event = {
      type: 'message',
      data: {
        conversationId: '1:c@c.us',
        message: { id: 'm4', fromMe: false, type: 'image', caption: 'look', timestamp: 7, status: 'received' },
        unread: 1,
      },
    };
    const { state, markRead, again } = apply(inbox(), event);
    expect(markRead).toBe('1:c@c.us');
    expect(again.list).toBe(false);
    expect(state.open!.messages.map((m) => m.id)).toEqual(['m1', 'm4']);
    expect(state.counted.get('1:c@c.us')).toMatchObject({ lastMessage: '[image]: look', unread: 0 });
    expect(apply(state, event).state.open!.messages).toHaveLength(2);
  });

  it("an ack raises its message's ticks and never lowers them", () => {
    const up = apply(inbox(), { type: 'ack', data: { conversationId: '1:c@c.us', msgId: 'm1', ack: 2 } });
    expect(up.state.open!.messages[0]).toMatchObject({ ack: 2, status: 'sent' });
    const down = apply(up.state, { type: 'ack', data: { conversationId: '1:c@c.us', msgId: 'm1', ack: 1 } });
    expect(down.state).toBe(up.state);
  });

  it('a conversation event moves its row between the groups and shows in the open conversation', () => {
    const taken = apply(inbox(), {
      type: 'conversation',
      data: {
        event: 'taken_by_agent',
        conversation: shared(row('a', { state: 'taken', agent: 'bob@x.dev', lastAt: 3_000 })),
      },
    });
    expect(ids(taken.state)).toEqual(['1:b@c.us']);
    expect(taken.state.list!.groups).toMatchObject({ waiting: { count: 1 }, taken: { count: 1 } });
    const closed = apply(taken.state, {
      type: 'conversation',
      data: { event: 'closed', conversation: shared(row('c', { state: 'closed', agent: ME, lastAt: 1_500 })) },
    });
    expect(closed.state.open!.conversation).toMatchObject({ state: 'closed', mine: false, unread: 0 });
    expect(closed.state.list!.groups).toMatchObject({ mine: { count: 0 }, closed: { count: 1 } });
  });

  it('asks for the list again for what it cannot place, and the open conversation when it cannot tell who took it', () => {
    const unknown = apply(inbox(), {
      type: 'message',
      data: {
        conversationId: '1:new@c.us',
        message: { id: 'n1', fromMe: false, type: 'text', text: 'new', timestamp: 9, status: 'received' },
        unread: 1,
      },
    });
    expect(unknown.again).toEqual({ list: true, open: false });
    const stranger = { ...inbox(), me: null };
    const takenOpen = apply(stranger, {
      type: 'conversation',
      data: { event: 'taken_by_agent', conversation: shared(row('c', { state: 'taken', agent: 'bob@x.dev' })) },
    });
    expect(takenOpen.again).toEqual({ list: true, open: true });
    expect(takenOpen.state.open!.conversation).toMatchObject({ agent: 'bob@x.dev', mine: false });
  });

  it('with a search on screen a message it places still asks for the list (only the server tells what matches)', () => {
    const searching = { ...inbox(), query: 'from' };
    const { again } = apply(searching, {
      type: 'message',
      data: {
        conversationId: '1:a@c.us',
        message: { id: 'q1', fromMe: false, type: 'text', text: 'else', timestamp: 8, status: 'received' },
        unread: 1,
      },
    });
    expect(again.list).toBe(true);
  });

  it('ignores what is not an inbox event, and places a row past the pages on screen nowhere but in the counts', () => {
    const s = inbox();
    expect(apply(s, { type: 'ready', data: {} })).toEqual({ state: s, again: {} });
    const more = { ...s, hasMore: true };
    const { state, placed } = placeRow(more, row('c', { state: 'waiting', agent: null, lastAt: 10 }));
    expect(placed).toBe(true);
    expect(ids(state)).toEqual(['1:a@c.us', '1:b@c.us']);
    expect(state.list!.groups.waiting.count).toBe(3);
  });
});
