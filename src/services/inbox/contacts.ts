import { and, asc, desc, eq } from 'drizzle-orm';
import { chats, liveContacts, liveConversationLabels, liveLabels, liveThreads, phones } from '../../../db/schema';
import { ApiError } from '../../errors';
import { INBOX_ORG_MSG } from '../../shared/inbox-org-messages';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { recordLiveEvent } from './events';

/** Past conversations the contact panel lists at most (latest first). */
const THREADS_SHOWN = 100;

/** The customer's number (`+` and digits) of a chat id; empty for ids that carry none. */
function numberOf(jid: string): string {
  const [user = '', server = ''] = jid.split('@');
  return /^(c\.us|s\.whatsapp\.net)$/.test(server) && /^\d{5,20}$/.test(user) ? `+${user}` : '';
}

/** The name of the account's latest one-to-one chat with this id, or null when it has none. */
async function chatName(ctx: ServiceCtx, pid: string, jid: string): Promise<string | null> {
  const row = await ctx.db
    .select({ name: chats.name })
    .from(chats)
    .innerJoin(phones, and(eq(phones.id, chats.phoneId), eq(phones.pid, pid)))
    .where(and(eq(chats.jid, jid), eq(chats.type, 'chat')))
    .orderBy(desc(chats.lastAt))
    .limit(1)
    .get();
  return row ? row.name : null;
}

/**
 * A customer of the account as the contact panel shows it: the team's name, e-mail and attributes,
 * the labels on its conversations, and its conversations (threads) on every phone of the account.
 * A chat id the account never talked to (another account's) answers 404.
 */
export async function getContact(ctx: ServiceCtx, actor: LiveActor, jid: string) {
  const [name, saved] = await Promise.all([
    chatName(ctx, actor.pid, jid),
    ctx.db
      .select()
      .from(liveContacts)
      .where(and(eq(liveContacts.pid, actor.pid), eq(liveContacts.chatJid, jid)))
      .get(),
  ]);
  if (name === null && !saved) throw new ApiError('NOT_FOUND', INBOX_ORG_MSG.contactNotFound);
  const [labels, threads] = await Promise.all([
    ctx.db
      .selectDistinct({ name: liveLabels.name })
      .from(liveConversationLabels)
      .innerJoin(liveLabels, eq(liveLabels.id, liveConversationLabels.labelId))
      .where(and(eq(liveLabels.pid, actor.pid), eq(liveConversationLabels.chatJid, jid)))
      .orderBy(asc(liveLabels.name))
      .all(),
    ctx.db
      .select({ id: liveThreads.id, createdAt: liveThreads.createdAt, closedAt: liveThreads.closedAt })
      .from(liveThreads)
      .where(and(eq(liveThreads.pid, actor.pid), eq(liveThreads.chatJid, jid)))
      .orderBy(desc(liveThreads.id))
      .limit(THREADS_SHOWN)
      .all(),
  ]);
  return {
    chat_id: jid,
    name: saved?.name || name || jid.split('@')[0]!,
    number: numberOf(jid),
    email: saved?.email ?? null,
    attributes: saved?.attributes ?? {},
    labels: labels.map((l) => l.name),
    conversations: threads.map((t) => ({
      id: t.id,
      status: t.closedAt === null ? ('open' as const) : ('closed' as const),
      created_at: t.createdAt,
      closed_at: t.closedAt,
    })),
  };
}

/**
 * Saves what the team knows of a customer of the account (what is given; an empty name or e-mail
 * removes it, attributes replace the old ones), then answers the contact. Agents may edit contacts.
 */
export async function updateContact(
  ctx: ServiceCtx,
  actor: LiveActor,
  jid: string,
  input: { name?: string | undefined; email?: string | undefined; attributes?: Record<string, string> | undefined },
) {
  await getContact(ctx, actor, jid);
  const set = {
    ...(input.name !== undefined ? { name: input.name || null } : {}),
    ...(input.email !== undefined ? { email: input.email || null } : {}),
    ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
    updatedAt: ctx.now(),
  };
  await ctx.db
    .insert(liveContacts)
    .values({ pid: actor.pid, chatJid: jid, attributes: {}, ...set })
    .onConflictDoUpdate({ target: [liveContacts.pid, liveContacts.chatJid], set })
    .run();
  const contact = await getContact(ctx, actor, jid);
  await recordLiveEvent(ctx, actor.pid, 'contact', {
    chatId: jid,
    by: actor.email,
    contact: { name: contact.name, email: contact.email, attributes: contact.attributes },
  });
  return contact;
}
