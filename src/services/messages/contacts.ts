import { and, eq } from 'drizzle-orm';
import { chats, type PhoneRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { absoluteUrl, live } from '../phones/live';
import { toChatId } from './chat-id';

/** A conversation id of a path (`905301234567@c.us`, a group, a bare number); anything else is not found. */
export function conversationId(raw: string): string {
  try {
    return toChatId(raw);
  } catch {
    throw new ApiError('NOT_FOUND', 'Conversation not found.');
  }
}

const nameOf = (jid: string, name: string | undefined) => name || jid.split('@')[0]!;

/** The phone's chats and contacts as the contacts call lists them. */
export async function listContacts(ctx: ServiceCtx, phoneId: number) {
  const rows = await ctx.db.select().from(chats).where(eq(chats.phoneId, phoneId)).all();
  return rows.map((r) => ({ id: r.jid, name: nameOf(r.jid, r.name), type: r.type }));
}

/** One contact or group with its current picture's URL, when it has one (asked of the live session). */
export async function contactCard(ctx: ServiceCtx, phone: PhoneRow, jid: string, origin: string) {
  const known = await ctx.db
    .select()
    .from(chats)
    .where(and(eq(chats.phoneId, phone.id), eq(chats.jid, jid)))
    .get();
  const pic = await live(ctx, phone, 'profile-picture', { jid });
  const type = jid.endsWith('@g.us') ? ('group' as const) : ('chat' as const);
  // The reference's image is a string: the picture's URL, left out when there is none.
  return { id: jid, name: nameOf(jid, known?.name), type, ...(pic.url ? { image: absoluteUrl(origin, pic.url) } : {}) };
}
