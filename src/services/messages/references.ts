import { and, eq } from 'drizzle-orm';
import { messages, type MessageRow } from '../../../db/schema';
import type { MsgKey } from '../../engines/types';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';

/**
 * Finds a message of a phone by the id the API handed out: our id for messages sent through the API
 * (also WhatsApp's serialized `true_<chat>_<id>`), the serialized `false_<chat>_<id>` for received ones.
 */
export async function findMessage(ctx: ServiceCtx, phoneId: number, id: string): Promise<MessageRow | undefined> {
  const direct = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), eq(messages.id, id)))
    .get();
  if (direct) return direct;
  const m = /^(true|false)_(.+?)_([0-9A-Za-z]{10,64})(?:_.+)?$/.exec(id);
  if (!m) return undefined;
  return ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), eq(messages.waId, m[3]!)))
    .get();
}

/** The WhatsApp key of a stored message. */
export function keyOf(row: MessageRow): MsgKey {
  const from = row.body.from as { jid?: string } | undefined;
  return {
    id: row.waId,
    chatId: row.chatId,
    fromMe: row.direction === 'out',
    ...(row.direction === 'in' && row.chatId.endsWith('@g.us') && from?.jid ? { participant: from.jid } : {}),
  };
}

/** Resolves a referenced message or answers 404 naming the field. */
export async function requireMessage(ctx: ServiceCtx, phoneId: number, id: string, field: string): Promise<MessageRow> {
  const row = await findMessage(ctx, phoneId, id);
  if (!row)
    throw new ApiError('NOT_FOUND', `The message in ${field} was not found on this phone.`, {
      fields: { [field]: 'unknown message id' },
    });
  if (row.direction === 'out' && row.status !== 'sent')
    throw new ApiError('CONFLICT', `The message in ${field} has not been sent yet.`, {
      fields: { [field]: row.status },
    });
  return row;
}
