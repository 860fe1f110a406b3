import { describe, expect, it } from 'vitest';
import { type InboxState, apply } from '../../web/stores/inbox/reducer';
import type { InboxConversation, InboxOpen } from '../../web/stores/inbox/types';

/*
 * The inbox reducer on the team inbox's events (issue 42): labels, snooze, priority and unread
 * arrive as conversation rows; a label definition's change renames or removes it on every row.
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
    priority: 'none',
    snoozedUntil: null,
    labels: [],
    ...extra,
  }) as InboxConversation;
const zero = { count: 0, unread: 0 };

function inbox(): InboxState {
  const a = row('a', { lastAt: 3_000, labels: ['billing', 'vip'] });
  const b = row('b', { lastAt: 2_000 });
  const c = row('c', { state: 'taken', agent: ME, mine: true, lastAt: 1_500, labels: ['vip'] });
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
    open: { conversation: c, messages: [] } as unknown as InboxOpen,
    counted: new Map([a, b, c].map((r) => [r.id, r])),
    me: ME,
  };
}
const shared = (r: InboxConversation) => {
  const { mine: _mine, ...rest } = r;
  return rest;
};
const conversation = (event: string, r: InboxConversation) => ({
  type: 'conversation',
  data: { event, by: 'bob@x.dev', conversation: shared(r) },
});
const labels = (event: string, name: string, was?: string) => ({
  type: 'labels',
  data: { event, by: 'owner@x.dev', label: { id: 1, name, color: '#123456' }, ...(was ? { was } : {}) },
});

describe('the inbox reducer on labels, snooze, priority and unread', () => {
  it("a conversation's new labels, priority and unread show on its row without a reload", () => {
    const s = inbox();
    const b = s.list!.data[1]!;
    const after = apply(s, conversation('labels', { ...b, labels: ['vip'] })).state;
    expect(after.list!.data[1]!.labels).toEqual(['vip']);
    const urgent = apply(after, conversation('priority', { ...b, labels: ['vip'], priority: 'urgent' })).state;
    expect(urgent.list!.data[1]).toMatchObject({ priority: 'urgent', labels: ['vip'] });
    const unread = apply(
      urgent,
      conversation('unread', { ...b, labels: ['vip'], priority: 'urgent', unread: 1 }),
    ).state;
    expect(unread.list!.groups.waiting).toEqual({ count: 2, unread: 1 });
  });

  it('a snoozed conversation leaves its group for the snoozed one, and comes back when it wakes', () => {
    const s = inbox();
    const a = s.list!.data[0]!;
    const snoozed = apply(s, conversation('snoozed', { ...a, state: 'snoozed', snoozedUntil: 9_000 })).state;
    expect(snoozed.list!.data.map((r) => r.id)).toEqual(['1:b@c.us']);
    expect(snoozed.list!.groups).toMatchObject({ waiting: { count: 1 }, snoozed: { count: 1 } });
    const woken = apply(snoozed, conversation('unsnoozed', a)).state;
    expect(woken.list!.data.map((r) => r.id)).toEqual(['1:a@c.us', '1:b@c.us']);
    expect(woken.list!.groups).toMatchObject({ waiting: { count: 2 }, snoozed: { count: 0 } });
  });

  it('a renamed label shows its new name on every row and the open conversation; a deleted one leaves them', () => {
    const renamed = apply(inbox(), labels('label_updated', 'gold', 'vip')).state;
    expect(renamed.list!.data.map((r) => r.labels)).toEqual([['billing', 'gold'], []]);
    expect(renamed.open!.conversation.labels).toEqual(['gold']);
    expect(renamed.counted.get('1:c@c.us')!.labels).toEqual(['gold']);
    const deleted = apply(renamed, labels('label_deleted', 'gold')).state;
    expect(deleted.list!.data.map((r) => r.labels)).toEqual([['billing'], []]);
    expect(deleted.open!.conversation.labels).toEqual([]);
    const recolored = apply(deleted, labels('label_updated', 'billing', 'billing')).state;
    expect(recolored.list!.data[0]!.labels).toEqual(['billing']);
    expect(apply(deleted, labels('label_created', 'new')).state).toBe(deleted);
  });

  it('a conversation event from before labels keeps the labels the row had', () => {
    const s = inbox();
    const { labels: _none, ...old } = shared(s.list!.data[0]!);
    const after = apply(s, {
      type: 'conversation',
      data: { event: 'taken_by_agent', conversation: { ...old, state: 'taken', agent: 'bob@x.dev' } },
    }).state;
    expect(after.counted.get('1:a@c.us')!.labels).toEqual(['billing', 'vip']);
  });

  it("a contact's saved name shows on its rows and the open conversation; an event without a name changes nothing", () => {
    const s = inbox();
    const named = apply(s, { type: 'contact', data: { chatId: 'a@c.us', by: 'bob@x.dev', contact: { name: 'Ada' } } });
    expect(named.again).toEqual({});
    expect(named.state.list!.data.map((r) => r.name)).toEqual(['Ada', 'b']);
    expect(named.state.counted.get('1:a@c.us')!.name).toBe('Ada');
    expect(named.state.list!.groups).toEqual(s.list!.groups);
    const open = apply(named.state, { type: 'contact', data: { chatId: 'c@c.us', contact: { name: 'Cem' } } }).state;
    expect(open.open!.conversation.name).toBe('Cem');
    expect(open.counted.get('1:c@c.us')!.name).toBe('Cem');
    expect(apply(open, { type: 'contact', data: { chatId: 'b@c.us', contact: { email: 'b@x.dev' } } }).state).toBe(
      open,
    );
  });
});
