import type { InStatement } from '@libsql/client';
import { digits } from '../../shared/jid';
import { insertRow, type Condition } from '../group-commit';
import { logRow } from '../logs/write';
import type { IncomingPart } from '../messages/store';
import { webhookTarget } from '../webhooks/events';
import { deliveryRow, eventId, outboxFilled } from '../webhooks/outbox';
import { optoutPayload } from '../webhooks/payloads';
import { keywordOf } from './keywords';

/** 1:1 chats only: a group's, a broadcast's or a status's STOP opts nobody out. */
const PERSON = /^\d{6,15}@(c\.us|s\.whatsapp\.net)$/;

const and = (...conds: Condition[]): Condition => ({
  sql: conds.map((c) => `(${c.sql})`).join(' and '),
  args: conds.flatMap((c) => c.args),
});

/**
 * An incoming message whose whole text is an opt-out keyword (issue 41): the sender's number goes on
 * the product's opt-out list, with an `optout` webhook and its log row, all committing with the
 * message (only if it is new). The product's own words are checked in the transaction (no read
 * before it); the webhook goes only when the number was not on the list yet, so a second STOP, or a
 * number added by the API, sends nothing. Costs nothing for a message that cannot be a keyword.
 */
export const optoutIncoming: IncomingPart = async (ctx, phone, id, m, isNew) => {
  const chatId = m.key.chatId;
  const keyword = m.key.fromMe || phone.type !== 'whatsapp' || !PERSON.test(chatId) ? null : keywordOf(m.message.text);
  if (!keyword || m.message.type !== 'text') return { stmts: [] };
  const number = digits(chatId);
  const matches: Condition = keyword.builtIn
    ? isNew
    : and(isNew, {
        sql: 'exists (select 1 from optout_settings, json_each(optout_settings.words) w where optout_settings.pid = ? and w.value = ?)',
        args: [phone.pid, keyword.word],
      });
  const first = and(matches, {
    sql: 'not exists (select 1 from optouts where pid = ? and number = ?)',
    args: [phone.pid, number],
  });
  const { url } = await webhookTarget(ctx, phone);
  const payload = optoutPayload(phone, {
    number,
    chatId,
    msgId: id,
    word: String(m.message.text).trim(),
    time: Math.floor(ctx.now() / 1000),
  });
  const event = eventId();
  const log = { event, kind: 'status', body: payload, ...(url ? { webhook: url } : {}) };
  // The event rows before the list's row: they read the list as it was.
  const stmts: InStatement[] = [logRow(ctx, phone.pid, phone.id, 'status', log, first)];
  if (url)
    stmts.push(
      deliveryRow(ctx, { pid: phone.pid, phoneId: phone.id, kind: 'status', url, payload, eventId: event }, first),
    );
  stmts.push(
    insertRow(
      'insert into optouts (pid, number, source, phone_id, created_at)',
      [phone.pid, number, 'keyword', phone.id, ctx.now()],
      matches,
      'on conflict do nothing',
    ),
  );
  return { stmts, committed: () => (url ? outboxFilled(ctx) : undefined) };
};
