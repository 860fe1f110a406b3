import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { liveConversationLabels, liveLabels } from '../../../db/schema';
import { ApiError } from '../../errors';
import { INBOX_ORG_MSG } from '../../shared/inbox-org-messages';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { resolveConversation } from './conversations';
import { recordLiveEvent } from './events';
import { organised } from './org-events';

/** Labels an account keeps at most. */
const LABELS_MAX = 100;

type LabelRow = typeof liveLabels.$inferSelect;
const labelView = (r: LabelRow) => ({ id: r.id, name: r.name, color: r.color });

/** Label definitions are the owner's: an agent gets 403. */
function ownerOnly(actor: LiveActor): void {
  if (!actor.owner) throw new ApiError('FORBIDDEN', INBOX_ORG_MSG.ownerOnly);
}

/** The account's labels by name (agents and the owner). */
export async function listLabels(ctx: ServiceCtx, actor: LiveActor) {
  const rows = await ctx.db
    .select()
    .from(liveLabels)
    .where(eq(liveLabels.pid, actor.pid))
    .orderBy(asc(liveLabels.name));
  return rows.map(labelView);
}

async function ownLabel(ctx: ServiceCtx, pid: string, id: number): Promise<LabelRow> {
  const row = await ctx.db
    .select()
    .from(liveLabels)
    .where(and(eq(liveLabels.pid, pid), eq(liveLabels.id, id)))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', INBOX_ORG_MSG.labelNotFound);
  return row;
}

async function assertFreeName(ctx: ServiceCtx, pid: string, name: string, except?: number) {
  const same = await ctx.db
    .select({ id: liveLabels.id })
    .from(liveLabels)
    .where(and(eq(liveLabels.pid, pid), eq(liveLabels.name, name)))
    .get();
  if (same && same.id !== except) throw new ApiError('CONFLICT', INBOX_ORG_MSG.labelDuplicate);
}

const definitions = (ctx: ServiceCtx, actor: LiveActor, event: string, label: LabelRow, extra = {}) =>
  recordLiveEvent(ctx, actor.pid, 'labels', { event, by: actor.email, label: labelView(label), ...extra });

/** Defines a label (owner only; names unique per account). */
export async function createLabel(ctx: ServiceCtx, actor: LiveActor, input: { name: string; color: string }) {
  ownerOnly(actor);
  await assertFreeName(ctx, actor.pid, input.name);
  const n = (await ctx.db.select({ n: count() }).from(liveLabels).where(eq(liveLabels.pid, actor.pid)).get())?.n ?? 0;
  if (n >= LABELS_MAX) throw new ApiError('CONFLICT', INBOX_ORG_MSG.labelLimit);
  const [row] = await ctx.db
    .insert(liveLabels)
    .values({ pid: actor.pid, name: input.name, color: input.color.toLowerCase(), createdAt: ctx.now() })
    .returning()
    .all();
  await definitions(ctx, actor, 'label_created', row!);
  return labelView(row!);
}

/** Renames or recolors a label (owner only); the conversations carrying it show the new name. */
export async function updateLabel(
  ctx: ServiceCtx,
  actor: LiveActor,
  id: number,
  input: { name?: string | undefined; color?: string | undefined },
) {
  ownerOnly(actor);
  const old = await ownLabel(ctx, actor.pid, id);
  if (input.name !== undefined) await assertFreeName(ctx, actor.pid, input.name, id);
  const [row] = await ctx.db
    .update(liveLabels)
    .set({ name: input.name ?? old.name, color: (input.color ?? old.color).toLowerCase() })
    .where(and(eq(liveLabels.pid, actor.pid), eq(liveLabels.id, id)))
    .returning()
    .all();
  await definitions(ctx, actor, 'label_updated', row!, { was: old.name });
  return labelView(row!);
}

/** Deletes a label (owner only) and takes it off every conversation. */
export async function deleteLabel(ctx: ServiceCtx, actor: LiveActor, id: number) {
  ownerOnly(actor);
  const old = await ownLabel(ctx, actor.pid, id);
  await ctx.db.batch([
    ctx.db.delete(liveConversationLabels).where(eq(liveConversationLabels.labelId, id)),
    ctx.db.delete(liveLabels).where(and(eq(liveLabels.pid, actor.pid), eq(liveLabels.id, id))),
  ]);
  await definitions(ctx, actor, 'label_deleted', old);
}

/**
 * Sets the labels of a conversation (`add`: adds them to those it has) by name; names the account
 * has not defined answer 400 naming them. Agents may apply labels.
 */
export async function setConversationLabels(
  ctx: ServiceCtx,
  actor: LiveActor,
  id: string,
  names: readonly string[],
  mode: 'set' | 'add' = 'set',
) {
  const conv = await resolveConversation(ctx, actor, id);
  const wanted = [...new Set(names)];
  const found = wanted.length
    ? await ctx.db
        .select()
        .from(liveLabels)
        .where(and(eq(liveLabels.pid, actor.pid), inArray(liveLabels.name, wanted)))
        .all()
    : [];
  const unknown = wanted.filter((n) => !found.some((l) => l.name === n));
  if (unknown.length) throw new ApiError('BAD_REQUEST', INBOX_ORG_MSG.unknownLabels(unknown));
  const key = { phoneId: conv.chat.phoneId, chatJid: conv.chat.jid };
  const own = and(eq(liveConversationLabels.phoneId, key.phoneId), eq(liveConversationLabels.chatJid, key.chatJid));
  const rows = found.map((l) => ({ ...key, labelId: l.id }));
  if (mode === 'set') {
    const inserts = rows.length ? [ctx.db.insert(liveConversationLabels).values(rows).onConflictDoNothing()] : [];
    await ctx.db.batch([ctx.db.delete(liveConversationLabels).where(own), ...inserts]);
  } else if (rows.length) await ctx.db.insert(liveConversationLabels).values(rows).onConflictDoNothing();
  const labels =
    mode === 'set' ? found.map((l) => l.name) : [...new Set([...conv.labels, ...found.map((l) => l.name)])];
  return organised(ctx, actor, { ...conv, labels: labels.sort() }, conv.live, 'labels');
}
