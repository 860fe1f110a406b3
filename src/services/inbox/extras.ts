import { and, asc, count, eq } from 'drizzle-orm';
import { liveCannedReplies, liveNotes } from '../../../db/schema';
import { ApiError } from '../../errors';
import { LIVE_MSG } from '../../shared/live-messages';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { conversationId, resolveConversation } from './conversations';
import { recordLiveEvent } from './events';
import { notifyMentions } from './mentions';

/** Canned replies an account keeps at most. */
const CANNED_MAX = 200;

const cannedView = (r: typeof liveCannedReplies.$inferSelect) => ({ id: r.id, shortcut: r.shortcut, text: r.text });

/** The account's canned replies by shortcut. */
export async function listCanned(ctx: ServiceCtx, actor: LiveActor) {
  const rows = await ctx.db
    .select()
    .from(liveCannedReplies)
    .where(eq(liveCannedReplies.pid, actor.pid))
    .orderBy(asc(liveCannedReplies.shortcut))
    .all();
  return rows.map(cannedView);
}

async function assertFreeShortcut(ctx: ServiceCtx, pid: string, shortcut: string, except?: number) {
  const same = await ctx.db
    .select({ id: liveCannedReplies.id })
    .from(liveCannedReplies)
    .where(and(eq(liveCannedReplies.pid, pid), eq(liveCannedReplies.shortcut, shortcut)))
    .get();
  if (same && same.id !== except) throw new ApiError('CONFLICT', LIVE_MSG.cannedDuplicate);
}

/** Saves a canned reply (shortcuts are unique per account). */
export async function addCanned(ctx: ServiceCtx, actor: LiveActor, input: { shortcut: string; text: string }) {
  await assertFreeShortcut(ctx, actor.pid, input.shortcut);
  const n =
    (await ctx.db.select({ n: count() }).from(liveCannedReplies).where(eq(liveCannedReplies.pid, actor.pid)).get())
      ?.n ?? 0;
  if (n >= CANNED_MAX) throw new ApiError('CONFLICT', LIVE_MSG.cannedLimit);
  const [row] = await ctx.db
    .insert(liveCannedReplies)
    .values({ pid: actor.pid, ...input, createdAt: ctx.now() })
    .returning()
    .all();
  return cannedView(row!);
}

/** Changes a canned reply of the account; another account's id answers 404. */
export async function updateCanned(
  ctx: ServiceCtx,
  actor: LiveActor,
  id: number,
  input: { shortcut: string; text: string },
) {
  await assertFreeShortcut(ctx, actor.pid, input.shortcut, id);
  const [row] = await ctx.db
    .update(liveCannedReplies)
    .set(input)
    .where(and(eq(liveCannedReplies.pid, actor.pid), eq(liveCannedReplies.id, id)))
    .returning()
    .all();
  if (!row) throw new ApiError('NOT_FOUND', LIVE_MSG.cannedNotFound);
  return cannedView(row);
}

/** Deletes a canned reply of the account. */
export async function deleteCanned(ctx: ServiceCtx, actor: LiveActor, id: number): Promise<void> {
  const res = await ctx.db
    .delete(liveCannedReplies)
    .where(and(eq(liveCannedReplies.pid, actor.pid), eq(liveCannedReplies.id, id)));
  if (res.rowsAffected === 0) throw new ApiError('NOT_FOUND', LIVE_MSG.cannedNotFound);
}

const noteView = (r: typeof liveNotes.$inferSelect) => ({
  id: r.id,
  author: r.authorEmail,
  text: r.text,
  createdAt: r.createdAt,
});

/** A conversation's private notes, oldest first. */
export async function listNotes(ctx: ServiceCtx, actor: LiveActor, id: string) {
  const { chat } = await resolveConversation(ctx, actor, id);
  const rows = await ctx.db
    .select()
    .from(liveNotes)
    .where(and(eq(liveNotes.phoneId, chat.phoneId), eq(liveNotes.chatJid, chat.jid)))
    .orderBy(asc(liveNotes.id))
    .all();
  return rows.map(noteView);
}

/** Adds a private note: the account's agents see it, the customer never does. */
export async function addNote(ctx: ServiceCtx, actor: LiveActor, id: string, text: string) {
  const { chat } = await resolveConversation(ctx, actor, id);
  const [row] = await ctx.db
    .insert(liveNotes)
    .values({ phoneId: chat.phoneId, chatJid: chat.jid, authorEmail: actor.email, text, createdAt: ctx.now() })
    .returning()
    .all();
  const note = noteView(row!);
  await recordLiveEvent(ctx, actor.pid, 'note', { conversationId: conversationId(chat.phoneId, chat.jid), note });
  await notifyMentions(ctx, actor, row!);
  return note;
}
