import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  chats,
  liveContacts,
  liveConversations,
  phones,
  type ChatRow,
  type LiveConversationRow,
  type PhoneRow,
} from '../../../db/schema';
import { ApiError } from '../../errors';
import { LIVE_MSG } from '../../shared/live-messages';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { labelFilter, labelsOf, labelsOfOne } from './label-rows';

/** The inbox groups (2-phones §2.3 labels: Waiting, On/Operator, Close, No Interaction). */
const LIVE_GROUPS = ['waiting', 'mine', 'taken', 'closed', 'snoozed', 'none'] as const;
export type LiveGroup = (typeof LIVE_GROUPS)[number];

/** A conversation the actor's account owns, with its chat and assignment. */
export interface Resolved {
  phone: PhoneRow;
  chat: ChatRow;
  live: LiveConversationRow | null;
  /** The names of the account's labels on it. */
  labels: string[];
}

/** The conversation id of the inbox: `{phoneId}:{chatId}`. */
export function conversationId(phoneId: number, jid: string): string {
  return `${phoneId}:${jid}`;
}

/** The join of a chat (of the phone's account) to the contact the team saved for it (live_contacts: by account and chat id). */
export const contactOfChat = and(eq(liveContacts.pid, phones.pid), eq(liveContacts.chatJid, chats.jid));

/** The chat as the team names it: the contact's saved name, when there is one, over the chat's own. */
export const named = (chat: ChatRow, saved: string | null | undefined): ChatRow =>
  saved ? { ...chat, name: saved } : chat;

/** The phone line a conversation came in on, as the inbox shows it. */
export type LinePhone = Pick<PhoneRow, 'id' | 'number' | 'name'>;

/** The customer's phone number (`+` and digits) of a one-to-one chat id; empty for ids that carry no number (`@lid`). */
function customerNumber(jid: string): string {
  const [user = '', server = ''] = jid.split('@');
  return /^(c\.us|s\.whatsapp\.net)$/.test(server) && /^\d{5,20}$/.test(user) ? `+${user}` : '';
}

/** A conversation as every agent of the account sees it (events carry this): the customer, the line, the assignment. */
export function sharedView(chat: ChatRow, live: LiveConversationRow | null, phone: LinePhone, labels: string[]) {
  return {
    id: conversationId(chat.phoneId, chat.jid),
    phoneId: chat.phoneId,
    chatId: chat.jid,
    name: chat.name || chat.jid.split('@')[0]!,
    number: customerNumber(chat.jid),
    line: { phoneId: phone.id, number: phone.number ? `+${phone.number.replace(/^\+/, '')}` : '', name: phone.name },
    state: live?.state ?? ('none' as const),
    agent: live?.holderEmail || null,
    takenAt: live?.takenAt ?? null,
    closedAt: live?.closedAt ?? null,
    lastMessage: chat.lastText,
    lastAt: chat.lastAt,
    unread: live?.unread ?? 0,
    priority: live?.priority ?? ('none' as const),
    snoozedUntil: live?.snoozedUntil ?? null,
    labels,
  };
}

/** A conversation as the inbox shows it to the actor (`mine`: the actor holds it). */
export function conversationView(
  actor: LiveActor,
  chat: ChatRow,
  live: LiveConversationRow | null,
  phone: LinePhone,
  labels: string[],
) {
  return { ...sharedView(chat, live, phone, labels), mine: live?.state === 'taken' && live.holder === actor.key };
}

/** The actor's conversation by id; another account's, a group's or an unknown one answers 404. */
export async function resolveConversation(ctx: ServiceCtx, actor: LiveActor, id: string): Promise<Resolved> {
  const m = /^(\d{1,12}):([^:\s]{3,120})$/.exec(id);
  if (!m) throw new ApiError('NOT_FOUND', LIVE_MSG.notFound);
  const phoneId = Number(m[1]);
  const row = await ctx.db
    .select({ phone: phones, chat: chats, live: liveConversations, saved: liveContacts.name })
    .from(chats)
    .innerJoin(phones, eq(phones.id, chats.phoneId))
    .leftJoin(
      liveConversations,
      and(eq(liveConversations.phoneId, chats.phoneId), eq(liveConversations.chatJid, chats.jid)),
    )
    .leftJoin(liveContacts, contactOfChat)
    .where(and(eq(chats.phoneId, phoneId), eq(chats.jid, m[2]!), eq(phones.pid, actor.pid), eq(chats.type, 'chat')))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', LIVE_MSG.notFound);
  const { saved, ...rest } = row;
  return {
    ...rest,
    chat: named(row.chat, saved),
    labels: await labelsOfOne(ctx, actor.pid, row.chat.phoneId, row.chat.jid),
  };
}

/** The SQL group of a conversation row, as the actor sees it. */
function groupOf(actor: LiveActor): SQL<string> {
  return sql<string>`case when ${liveConversations.state} is null then 'none' when ${liveConversations.state} = 'taken' and ${liveConversations.holder} = ${actor.key} then 'mine' else ${liveConversations.state} end`;
}

function groupFilter(actor: LiveActor, group: LiveGroup | undefined): SQL | undefined {
  if (!group) return undefined;
  if (group === 'none') return isNull(liveConversations.state);
  if (group === 'mine') return and(eq(liveConversations.state, 'taken'), eq(liveConversations.holder, actor.key));
  if (group === 'taken') return and(eq(liveConversations.state, 'taken'), ne(liveConversations.holder, actor.key));
  return eq(liveConversations.state, group);
}

function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`(${chats.name} like ${pattern} escape '\\' or ${liveContacts.name} like ${pattern} escape '\\' or ${chats.jid} like ${pattern} escape '\\' or ${chats.lastText} like ${pattern} escape '\\')`;
}

/** Priorities from the least urgent (a conversation without interaction has none). */
const PRIORITY_RANK = sql<number>`case ${liveConversations.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end`;

function priorityFilter(priority: LiveConversationRow['priority'] | undefined): SQL | undefined {
  if (!priority) return undefined;
  if (priority === 'none') return sql`coalesce(${liveConversations.priority}, 'none') = 'none'`;
  return eq(liveConversations.priority, priority);
}

/** A page of the account's one-to-one conversations, latest first, with counts and unread per group. */
export async function listLiveConversations(
  ctx: ServiceCtx,
  actor: LiveActor,
  opts: {
    state?: LiveGroup | undefined;
    q?: string | undefined;
    label?: string | undefined;
    priority?: LiveConversationRow['priority'] | undefined;
    sort?: 'recent' | 'priority' | undefined;
    page: number;
    limit: number;
  },
) {
  const joined = () =>
    ctx.db
      .select({
        group: groupOf(actor),
        n: sql<number>`count(*)`,
        unread: sql<number>`coalesce(sum(${liveConversations.unread}), 0)`,
      })
      .from(chats)
      .innerJoin(phones, and(eq(phones.id, chats.phoneId), eq(phones.pid, actor.pid)))
      .leftJoin(
        liveConversations,
        and(eq(liveConversations.phoneId, chats.phoneId), eq(liveConversations.chatJid, chats.jid)),
      )
      .leftJoin(liveContacts, contactOfChat);
  const base = and(
    eq(chats.type, 'chat'),
    searchFilter(opts.q),
    labelFilter(actor.pid, opts.label),
    priorityFilter(opts.priority),
  );
  const rows = await ctx.db
    .select({
      chat: chats,
      live: liveConversations,
      phone: { id: phones.id, number: phones.number, name: phones.name },
      saved: liveContacts.name,
    })
    .from(chats)
    .innerJoin(phones, and(eq(phones.id, chats.phoneId), eq(phones.pid, actor.pid)))
    .leftJoin(
      liveConversations,
      and(eq(liveConversations.phoneId, chats.phoneId), eq(liveConversations.chatJid, chats.jid)),
    )
    .leftJoin(liveContacts, contactOfChat)
    .where(and(base, groupFilter(actor, opts.state)))
    .orderBy(...(opts.sort === 'priority' ? [desc(PRIORITY_RANK)] : []), desc(chats.lastAt), desc(chats.jid))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .all();
  const counted = await joined().where(base).groupBy(groupOf(actor)).all();
  const groups = Object.fromEntries(LIVE_GROUPS.map((g) => [g, { count: 0, unread: 0 }])) as Record<
    LiveGroup,
    { count: number; unread: number }
  >;
  for (const c of counted)
    if (c.group in groups) groups[c.group as LiveGroup] = { count: Number(c.n), unread: Number(c.unread) };
  const labels = await labelsOf(
    ctx,
    actor.pid,
    rows.map((r) => ({ phoneId: r.chat.phoneId, jid: r.chat.jid })),
  );
  const view = (r: (typeof rows)[number]) =>
    conversationView(
      actor,
      named(r.chat, r.saved),
      r.live,
      r.phone,
      labels.get(conversationId(r.chat.phoneId, r.chat.jid)) ?? [],
    );
  return { conversations: rows.map(view), groups };
}
