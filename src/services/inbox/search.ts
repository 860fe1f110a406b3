import { labelsOf } from './label-rows';
import { and, eq, or, sql } from 'drizzle-orm';
import { chats, liveContacts, liveConversations, phones } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { contactOfChat, conversationView, named } from './conversations';

/**
 * Search of the inbox (issue 42): the account's messages and notes through FTS5 (`messages_fts`,
 * `notes_fts`, migration 0027), its contacts (chat names and numbers, live_contacts' names and
 * e-mails) through LIKE: a number is found by any part of it, which words of an index do not give,
 * and an account has far fewer contacts than messages.
 */

type Kind = 'message' | 'note' | 'contact';
interface Hit {
  phoneId: number;
  jid: string;
  kind: Kind;
  snippet: string;
  at: number;
}

/**
 * The user's words as an FTS5 query that cannot be malformed: every run of letters and digits becomes
 * a quoted prefix term (`"word"*`), all of them must match; operators, quotes and column names the
 * user types are text. Null when nothing searchable is left (only punctuation).
 */
function ftsTerms(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}]+/gu)?.slice(0, 16) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : null;
}

/** A snippet on one line without the blanks the joined fields leave. */
const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

async function messageHits(ctx: ServiceCtx, pid: string, terms: string, limit: number): Promise<Hit[]> {
  // The pid is a column of the index: the match stays inside the account before any row is read,
  // newest first straight from the index (rowid = messages.seq); the join checks the phone's owner again.
  const match = `pid : "${pid.replace(/"/g, '""')}" AND text : (${terms})`;
  const rows = await ctx.db.all<{ phone_id: number; chat_id: string; created_at: number; snip: string }>(sql`
    select m.phone_id, m.chat_id, m.created_at, f.snip from (
      select rowid as seq, snippet(messages_fts, 1, '', '', '…', 12) as snip
      from messages_fts where messages_fts match ${match} order by rowid desc limit ${limit}
    ) f
    join messages m on m.seq = f.seq
    join phones p on p.id = m.phone_id and p.pid = ${pid}`);
  return rows.map((r) => ({
    phoneId: r.phone_id,
    jid: r.chat_id,
    kind: 'message',
    snippet: tidy(r.snip),
    at: r.created_at,
  }));
}

async function noteHits(ctx: ServiceCtx, pid: string, terms: string, limit: number): Promise<Hit[]> {
  const rows = await ctx.db.all<{ phone_id: number; chat_jid: string; created_at: number; snip: string }>(sql`
    select n.phone_id, n.chat_jid, n.created_at, snippet(notes_fts, 0, '', '', '…', 12) as snip
    from notes_fts join live_notes n on n.id = notes_fts.rowid
    join phones p on p.id = n.phone_id and p.pid = ${pid}
    where notes_fts match ${terms} order by notes_fts.rowid desc limit ${limit}`);
  return rows.map((r) => ({
    phoneId: r.phone_id,
    jid: r.chat_jid,
    kind: 'note',
    snippet: tidy(r.snip),
    at: r.created_at,
  }));
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Chats by name or number (a prefix of the number's digits) through `contacts_fts`, and the contacts
 * the team described (live_contacts: few per account) by any part of their name or e-mail.
 */
async function contactHits(
  ctx: ServiceCtx,
  pid: string,
  q: string,
  terms: string | null,
  limit: number,
): Promise<Hit[]> {
  const indexed = terms
    ? await ctx.db.all<{ phone: string; jid: string; name: string }>(sql`
      select phone, jid, name from contacts_fts
      where contacts_fts match ${`pid : "${pid.replace(/"/g, '""')}" AND {name number} : (${terms})`}
      order by rowid desc limit ${limit}`)
    : [];
  const described = await ctx.db
    .select({ phoneId: chats.phoneId, jid: chats.jid, name: liveContacts.name, email: liveContacts.email })
    .from(liveContacts)
    .innerJoin(chats, eq(chats.jid, liveContacts.chatJid))
    .innerJoin(phones, and(eq(phones.id, chats.phoneId), eq(phones.pid, pid)))
    .where(
      and(
        eq(liveContacts.pid, pid),
        or(
          sql`${liveContacts.name} like ${like(q)} escape '\\'`,
          sql`${liveContacts.email} like ${like(q)} escape '\\'`,
        ),
      ),
    )
    .limit(limit)
    .all();
  return [
    ...described.map((r) => ({ phoneId: r.phoneId, jid: r.jid, text: [r.name, r.email].filter(Boolean).join(' · ') })),
    ...indexed.map((r) => ({ phoneId: Number(r.phone.slice(1)), jid: r.jid, text: r.name || r.jid.split('@')[0]! })),
  ].map((r) => ({ phoneId: r.phoneId, jid: r.jid, kind: 'contact' as const, snippet: r.text, at: 0 }));
}

/** The conversations of the hits, by `phoneId:jid`, in one query (only the account's one-to-one chats). */
async function conversationsOf(ctx: ServiceCtx, actor: LiveActor, hits: Hit[]) {
  const pairs = [...new Map(hits.map((h) => [`${h.phoneId}:${h.jid}`, h])).values()];
  if (!pairs.length) return new Map<string, ReturnType<typeof conversationView>>();
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
    .where(
      and(
        eq(chats.type, 'chat'),
        // One primary-key lookup per pair (a row-value IN over VALUES would scan the chats).
        or(...pairs.map((h) => and(eq(chats.phoneId, h.phoneId), eq(chats.jid, h.jid)))),
      ),
    )
    .all();
  const labels = await labelsOf(
    ctx,
    actor.pid,
    rows.map((r) => ({ phoneId: r.chat.phoneId, jid: r.chat.jid })),
  );
  return new Map(
    rows.map((r) => {
      const k = `${r.chat.phoneId}:${r.chat.jid}`;
      return [k, conversationView(actor, named(r.chat, r.saved), r.live, r.phone, labels.get(k) ?? [])];
    }),
  );
}

/**
 * The account's messages, notes and contacts matching `q`, newest first, at most `limit`, each with
 * its conversation. Groups' messages are not conversations of the inbox: they are left out.
 */
export async function searchInbox(ctx: ServiceCtx, actor: LiveActor, opts: { q: string; limit: number }) {
  const terms = ftsTerms(opts.q);
  // Group chats' matches are dropped after the index answers: read a few more than asked.
  const n = opts.limit * 2;
  const hits = (
    await Promise.all([
      terms ? messageHits(ctx, actor.pid, terms, n) : [],
      terms ? noteHits(ctx, actor.pid, terms, n) : [],
      contactHits(ctx, actor.pid, opts.q, terms, n),
    ])
  ).flat();
  const convs = await conversationsOf(ctx, actor, hits);
  return hits
    .flatMap((h) => {
      const conversation = convs.get(`${h.phoneId}:${h.jid}`);
      // A contact is as recent as its conversation's last message.
      const at = h.kind === 'contact' ? (conversation?.lastAt ?? 0) : h.at;
      return conversation ? [{ conversation, kind: h.kind, snippet: h.snippet, at }] : [];
    })
    .sort((a, b) => b.at - a.at)
    .slice(0, opts.limit);
}
