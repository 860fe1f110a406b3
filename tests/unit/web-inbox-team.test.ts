import { describe, expect, it } from 'vitest';
import { type InboxState, apply } from '../../web/stores/inbox/reducer';
import {
  EMPTY_TEAM,
  applyTeamEvent,
  bulkRefusals,
  insertMention,
  mentionQuery,
  readMentions,
  snoozeUntil,
  toggleId,
} from '../../web/stores/inbox/team-reducer';
import type { InboxConversation } from '../../web/stores/inbox/types';
import { listPath } from '../../web/stores/inbox/paths';

/*
 * The team inbox's pure half (issue 42): what a team event does to the labels, mentions, presence
 * and the open contact, the snooze presets, the `@Name` being typed, and how the inbox reducer
 * places rows by label and priority. No DOM, no fetch, no timers.
 */
const ANN = { email: 'ann@x.dev', holder: 'a:7' };
const mention = (id: number, to: Record<string, unknown>) => ({
  type: 'mention',
  data: {
    ...to,
    mention: {
      id,
      conversationId: '1:a@c.us',
      note: 'look @Ann',
      noteId: 3,
      by: 'bob@x.dev',
      byName: id === 1 ? '' : 'Bob Stone',
      createdAt: 5,
      read: false,
    },
  },
});

describe('the team reducer', () => {
  it("a mention of this agent is added once with a toast; another agent's is not", () => {
    const once = applyTeamEvent(EMPTY_TEAM, mention(1, { holder: 'a:7' }), ANN);
    expect(once.toast).toBe('bob@x.dev mentioned you');
    expect(once.state.mentions).toHaveLength(1);
    expect(once.state.unreadMentions).toBe(1);
    const twice = applyTeamEvent(once.state, mention(1, { holder: 'a:7' }), ANN);
    expect(twice.toast).toBeUndefined();
    expect(twice.state).toBe(once.state);
    const other = applyTeamEvent(once.state, mention(2, { holder: 'a:8', email: 'bob@x.dev' }), ANN);
    expect(other.state.mentions).toHaveLength(1);
    const byEmail = applyTeamEvent(once.state, mention(3, { email: 'ann@x.dev' }), ANN);
    expect(byEmail.state.mentions.map((m) => m.id)).toEqual([3, 1]);
    expect(byEmail.state.mentions[0]).toMatchObject({
      text: 'look @Ann',
      by: 'bob@x.dev',
      byName: 'Bob Stone',
      read: false,
    });
    expect(byEmail.toast).toBe('Bob Stone mentioned you'); // the writer's name when the team knows it
    const seen = readMentions(byEmail.state);
    expect(seen.unreadMentions).toBe(0);
    expect(seen.mentions.every((m) => m.read)).toBe(true);
    // Read in another tab: the event names the holder and the ids (or 'all').
    const readThere = applyTeamEvent(byEmail.state, { type: 'mention', data: { holder: 'a:7', read: [1] } }, ANN);
    expect(readThere.state.unreadMentions).toBe(1);
    expect(applyTeamEvent(byEmail.state, { type: 'mention', data: { holder: 'a:8', read: 'all' } }, ANN).state).toBe(
      byEmail.state,
    );
  });

  it('labels are replaced, presence moves, the open contact takes an edit of its own chat only', () => {
    const created = applyTeamEvent(
      { ...EMPTY_TEAM, labels: [{ name: 'vip', color: '#ff0000' }] },
      {
        type: 'labels',
        data: { event: 'label_created', by: 'o@x.dev', label: { id: 2, name: 'billing', color: '#00ff00' } },
      },
      ANN,
    );
    expect(created.state.labels.map((l) => l.name)).toEqual(['billing', 'vip']);
    const renamed = applyTeamEvent(
      created.state,
      {
        type: 'labels',
        data: { event: 'label_updated', was: 'vip', label: { id: 1, name: 'gold', color: '#ffd700' } },
      },
      ANN,
    );
    expect(renamed.state.labels).toEqual([
      { name: 'billing', color: '#00ff00' },
      { name: 'gold', color: '#ffd700' },
    ]);
    const deleted = applyTeamEvent(
      renamed.state,
      { type: 'labels', data: { event: 'label_deleted', label: { id: 2, name: 'billing', color: '#00ff00' } } },
      ANN,
    );
    expect(deleted.state.labels.map((l) => l.name)).toEqual(['gold']);
    const busy = applyTeamEvent(EMPTY_TEAM, { type: 'presence', data: { holder: 'a:8', status: 'busy' } }, ANN);
    expect(busy.state.presence).toEqual({ 'a:8': 'busy' });
    expect(applyTeamEvent(busy.state, { type: 'presence', data: { holder: 'a:8', status: 'away' } }, ANN).state).toBe(
      busy.state,
    );
    const contact = {
      chat_id: '9@c.us',
      name: 'Cem',
      number: '+9',
      email: '',
      attributes: {},
      labels: [],
      conversations: [],
    };
    const open = { ...EMPTY_TEAM, contact };
    const edited = applyTeamEvent(
      open,
      { type: 'contact', data: { chatId: '9@c.us', contact: { email: 'c@x.dev' } } },
      ANN,
    );
    expect(edited.state.contact).toMatchObject({ name: 'Cem', email: 'c@x.dev' });
    const other = applyTeamEvent(
      open,
      { type: 'contact', data: { chatId: '8@c.us', contact: { email: 'd@x.dev' } } },
      ANN,
    );
    expect(other.state).toBe(open);
  });

  it('snooze presets: an hour on, tomorrow at 9:00, next Monday at 9:00 (local time)', () => {
    const wed = new Date(2026, 10, 25, 15, 30); // a Wednesday
    expect(snoozeUntil('hour', wed)).toBe(wed.getTime() + 3_600_000);
    expect(new Date(snoozeUntil('tomorrow', wed))).toEqual(new Date(2026, 10, 26, 9, 0));
    expect(new Date(snoozeUntil('week', wed))).toEqual(new Date(2026, 10, 30, 9, 0));
    const mon = new Date(2026, 10, 30, 8, 0);
    expect(new Date(snoozeUntil('week', mon))).toEqual(new Date(2026, 11, 7, 9, 0));
  });

  it('the @Name being typed is suggested and completed; a bulk pick toggles', () => {
    expect(mentionQuery('please look @An')).toBe('an');
    expect(mentionQuery('@')).toBe('');
    expect(mentionQuery('mail me at a@b')).toBeNull();
    expect(mentionQuery('done @Ann ')).toBeNull();
    expect(insertMention('please look @An', 'Ann Agent')).toBe('please look @AnnAgent ');
    expect(toggleId(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('a bulk answer with refusals keeps those picked and says how many of all and why', () => {
    expect(bulkRefusals([{ id: 'a', ok: true }])).toEqual({ selected: [], message: '' });
    expect(
      bulkRefusals([
        { id: 'a', ok: true },
        { id: 'b', ok: false, error: 'Taken by bob@x.dev' },
        { id: 'c', ok: false },
      ]),
    ).toEqual({ selected: ['b', 'c'], message: '2 of 3 not done: Taken by bob@x.dev' });
  });

  it('the list read carries the label filter and the priority order', () => {
    expect(listPath('snoozed', 2, 'x y', { label: 'vip & co', sort: 'priority' })).toBe(
      '/api/live/conversations?state=snoozed&page=2&limit=50&q=x+y&label=vip+%26+co&sort=priority',
    );
    expect(listPath('waiting', 1, '', { label: '', sort: 'latest' })).toBe(
      '/api/live/conversations?state=waiting&page=1&limit=50',
    );
  });
});

const row = (n: string, extra: Partial<InboxConversation> & { labels?: string[] } = {}): InboxConversation =>
  ({
    id: `1:${n}@c.us`,
    chatId: `${n}@c.us`,
    name: n,
    state: 'waiting',
    agent: null,
    lastMessage: '',
    lastAt: 1_000,
    unread: 0,
    mine: false,
    priority: 'none',
    snoozedUntil: null,
    ...extra,
  }) as InboxConversation;
const zero = { count: 0, unread: 0 };
function inbox(over: Partial<InboxState>, rows: InboxConversation[]): InboxState {
  return {
    group: 'waiting',
    query: '',
    hasMore: false,
    list: {
      data: rows,
      groups: {
        waiting: { count: rows.length, unread: 0 },
        mine: zero,
        taken: zero,
        closed: zero,
        snoozed: zero,
        none: zero,
      },
    },
    open: null,
    counted: new Map(rows.map((r) => [r.id, r])),
    me: 'ann@x.dev',
    ...over,
  };
}
const conversation = (r: InboxConversation) => {
  const { mine: _mine, ...shared } = r;
  return { type: 'conversation', data: { event: 'priority', conversation: shared } };
};

describe('the inbox reducer with the team filters', () => {
  it('sorted by priority, a conversation raised to urgent goes first; latest first, it keeps its time slot', () => {
    const rows = [
      row('a', { lastAt: 3_000 }),
      row('b', { lastAt: 2_000, priority: 'high' }),
      row('c', { lastAt: 1_000 }),
    ];
    const byPriority = inbox({ sort: 'priority' }, [rows[1]!, rows[0]!, rows[2]!]);
    const urgent = apply(byPriority, conversation({ ...rows[2]!, priority: 'urgent' }));
    expect(urgent.state.list!.data.map((c) => c.name)).toEqual(['c', 'b', 'a']);
    const latest = apply(inbox({}, rows), conversation({ ...rows[2]!, priority: 'urgent' }));
    expect(latest.state.list!.data.map((c) => c.name)).toEqual(['a', 'b', 'c']);
  });

  it('with a label filter, a row that loses the label leaves the list and the counts are read again', () => {
    const rows = [row('a', { labels: ['vip'] }), row('b', { labels: ['vip'], lastAt: 500 })];
    const state = inbox({ label: 'vip' }, rows);
    const lost = apply(state, conversation({ ...rows[0]!, labels: [] } as InboxConversation));
    expect(lost.state.list!.data.map((c) => c.name)).toEqual(['b']);
    expect(lost.again.list).toBe(true);
    const kept = apply(state, conversation({ ...rows[0]!, labels: ['vip', 'new'], lastAt: 900 } as InboxConversation));
    expect(kept.state.list!.data.map((c) => c.name)).toEqual(['a', 'b']);
    expect(kept.again.list).toBe(false);
  });
});
