import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { liveMentions, liveNotes } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { getProduct } from '../products/products';
import type { LiveActor } from './actor';
import { transferTargets } from './assign';
import { conversationId } from './conversations';
import { recordLiveEvent } from './events';

/** Who a note can mention: a holder, their e-mail and name, and the names they answer to, lowercased. */
interface Mentionable {
  holder: string;
  email: string;
  name: string;
  aliases: string[];
}

/** The account's owner and seated agents with their names: full name, first name, e-mail and its local part. */
async function mentionables(ctx: ServiceCtx, pid: string): Promise<Mentionable[]> {
  const product = await getProduct(ctx, pid);
  return (await transferTargets(ctx, pid)).map((t) => {
    const local = t.email.split('@')[0]!;
    const names = [t.name, t.name.split(/\s+/)[0] ?? '', t.email, local];
    return {
      holder: t.owner ? `o:${product?.uid}` : `a:${t.id}`,
      email: t.email,
      name: t.name.trim(),
      aliases: [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))],
    };
  });
}

const NAME_CHAR = /[\p{L}\p{N}_]/u;

/**
 * The holders a note's `@Name`s mention. After each `@` (at the start or after a character that is
 * not a letter or digit), the longest alias (full name, first name, e-mail or its local part;
 * case-insensitive; spaces allowed) the text starts with, ending where a letter, digit or `_` does not
 * follow, wins; when that alias belongs to more than one person (two agents called Ann), nobody is
 * mentioned by it: write the full name or the e-mail instead.
 */
function mentionedHolders(text: string, people: Mentionable[]): string[] {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (let at = lower.indexOf('@'); at >= 0; at = lower.indexOf('@', at + 1)) {
    if (at > 0 && NAME_CHAR.test(lower[at - 1]!)) continue;
    const rest = lower.slice(at + 1);
    let best = '';
    let who = new Set<string>();
    for (const p of people)
      for (const alias of p.aliases) {
        if (alias.length < best.length || !rest.startsWith(alias)) continue;
        if (rest.length > alias.length && NAME_CHAR.test(rest[alias.length]!)) continue;
        if (alias.length > best.length) [best, who] = [alias, new Set()];
        who.add(p.holder);
      }
    if (who.size === 1) found.add([...who][0]!);
  }
  return [...found];
}

/** Stores a mention per holder a new note names (not its author) and tells each one live (`mention`). */
export async function notifyMentions(
  ctx: ServiceCtx,
  actor: LiveActor,
  note: typeof liveNotes.$inferSelect,
): Promise<void> {
  if (!note.text.includes('@')) return;
  const people = await mentionables(ctx, actor.pid);
  const holders = mentionedHolders(note.text, people).filter((h) => h !== actor.key);
  if (!holders.length) return;
  const rows = await ctx.db
    .insert(liveMentions)
    .values(
      holders.map((holder) => ({
        pid: actor.pid,
        holder,
        noteId: note.id,
        phoneId: note.phoneId,
        chatJid: note.chatJid,
        byEmail: actor.email,
        createdAt: note.createdAt,
      })),
    )
    .returning()
    .all();
  for (const r of rows)
    await recordLiveEvent(ctx, actor.pid, 'mention', {
      holder: r.holder,
      mention: mentionView(r, note.text, namesOf(people)),
    });
}

/** The team's names by e-mail (a mention names who wrote the note). */
const namesOf = (people: Mentionable[]) => new Map(people.map((p) => [p.email, p.name]));

const mentionView = (r: typeof liveMentions.$inferSelect, text: string, names: Map<string, string>) => ({
  id: r.id,
  conversationId: conversationId(r.phoneId, r.chatJid),
  note: text,
  noteId: r.noteId,
  by: r.byEmail,
  byName: names.get(r.byEmail) ?? '',
  createdAt: r.createdAt,
  read: r.readAt !== null,
});

/** The caller's mentions, newest first, a page at a time, with how many are unread. */
export async function listMentions(ctx: ServiceCtx, actor: LiveActor, opts: { page: number; limit: number }) {
  const mine = and(eq(liveMentions.pid, actor.pid), eq(liveMentions.holder, actor.key));
  const [rows, unread, people] = await Promise.all([
    ctx.db
      .select({ m: liveMentions, text: liveNotes.text })
      .from(liveMentions)
      .innerJoin(liveNotes, eq(liveNotes.id, liveMentions.noteId))
      .where(mine)
      .orderBy(desc(liveMentions.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit)
      .all(),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(liveMentions)
      .where(and(mine, isNull(liveMentions.readAt)))
      .get(),
    mentionables(ctx, actor.pid),
  ]);
  const names = namesOf(people);
  return { mentions: rows.map((r) => mentionView(r.m, r.text, names)), unread: Number(unread?.n ?? 0) };
}

/** Marks the caller's mentions read (the given ids, or all); others' ids are ignored. Answers how many changed. */
export async function readMentions(ctx: ServiceCtx, actor: LiveActor, ids: number[] | undefined): Promise<number> {
  const res = await ctx.db
    .update(liveMentions)
    .set({ readAt: ctx.now() })
    .where(
      and(
        eq(liveMentions.pid, actor.pid),
        eq(liveMentions.holder, actor.key),
        isNull(liveMentions.readAt),
        ...(ids ? [inArray(liveMentions.id, ids)] : []),
      ),
    );
  if (res.rowsAffected > 0) await recordLiveEvent(ctx, actor.pid, 'mention', { holder: actor.key, read: ids ?? 'all' });
  return res.rowsAffected;
}
