import type { InStatement, InValue } from '@libsql/client';
import { canSend } from '../../engines/capabilities';
import { ApiError } from '../../errors';
import { base64ToBytes } from '../../shared/base64';
import { uuidv7, waMessageId } from '../../shared/ids';
import type { SendMessageBody } from '../../shared/send-schema';
import type { ServiceCtx } from '../context';
import type { PhoneRow } from '../../../db/schema';
import { isBlockedIp } from '../webhooks/ip-ranges';
import { END_OF_TURN, groupCommit } from '../group-commit';
import { toChatId } from './chat-id';
import { checkDuplicate, contentHash } from './dup-filter';
import { assertProtectionAllows, assertSandboxAllowance } from './limits';
import { MEDIA_MAX_BYTES, storeMedia } from './media';
import { mediaBase, storedType } from './media-types';
import { KEY_HELD_BY, keyHeldBy, KeyTaken, keyStatement, type KeyClaim } from './idempotency';
import { keyOf, requireMessage } from './references';
import { metrics } from '../metrics/registry';

export const PHONE_DISABLED_SEND = 'The phone is disabled. Enable it to send messages.';
/** Largest sendMessage body (base64 media inflates by a third). */
export const SEND_BODY_MAX = Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 64 * 1024;

const DATA_URI = /^data:([\w.+-]+\/[\w.+-]+)(?:;[\w-]+=[^;,]+)*;base64,([A-Za-z0-9+/=\s]+)$/;

/** Fields the sender needs besides the request: resolved references and stored media. */
interface Resolved {
  target?: ReturnType<typeof keyOf> & { seq: number };
  quoted?: number;
  media_id?: string;
  mime?: string;
}

function extension(mime: string): string {
  const sub = mime.split('/')[1] ?? 'bin';
  return (
    (
      {
        jpeg: 'jpg',
        'svg+xml': 'svg',
        plain: 'txt',
        quicktime: 'mov',
        mpeg: 'mp3',
        'octet-stream': 'bin',
        'vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
      } as Record<string, string>
    )[sub] ?? sub.replace(/[^a-z0-9]/gi, '').slice(0, 8)
  );
}

/** Checks a media URL cheaply now; the sender checks the address again when it downloads. */
function checkMediaUrl(raw: string, dev: boolean): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError('BAD_REQUEST', 'message: must be an http(s) URL or a data:<mime>;base64, URI.', {
      fields: { message: 'invalid media' },
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ApiError('BAD_REQUEST', 'message: the media URL must be http or https.');
  if (!dev && isBlockedIp(url.hostname.replace(/^\[|\]$/g, '')) === true)
    throw new ApiError('BAD_REQUEST', 'message: the media URL must not point to a private address.');
}

async function resolveReferences(ctx: ServiceCtx, phone: PhoneRow, body: SendMessageBody): Promise<Resolved> {
  const out: Resolved = {};
  if (body.reply_to && body.type !== 'reaction' && body.type !== 'edit')
    out.quoted = (await requireMessage(ctx, phone.id, body.reply_to, 'reply_to')).seq;
  const targetId =
    body.type === 'reaction' || body.type === 'edit'
      ? body.reply_to
      : body.type === 'delete' || body.type === 'forward'
        ? body.message
        : undefined;
  if (targetId) {
    const field = body.type === 'reaction' || body.type === 'edit' ? 'reply_to' : 'message';
    const row = await requireMessage(ctx, phone.id, targetId, field);
    if ((body.type === 'delete' || body.type === 'edit') && row.direction !== 'out') {
      throw new ApiError(
        'BAD_REQUEST',
        `${field}: only messages this phone sent can be ${body.type === 'delete' ? 'deleted' : 'edited'}.`,
      );
    }
    if (body.type === 'edit' && row.type !== 'text')
      throw new ApiError('BAD_REQUEST', 'reply_to: only text messages can be edited.');
    out.target = { ...keyOf(row), seq: row.seq };
  }
  if (body.type === 'media') {
    const m = DATA_URI.exec(body.message);
    if (m) {
      const data = base64ToBytes(m[2]!.replace(/\s/g, ''));
      if (data.byteLength === 0) throw new ApiError('BAD_REQUEST', 'message: the base64 data is empty.');
      if (data.byteLength > MEDIA_MAX_BYTES)
        throw new ApiError('PAYLOAD_TOO_LARGE', `message: media can be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`);
      const mime = storedType(m[1]);
      const filename = body.filename ?? `file.${extension(mime)}`;
      const url = await storeMedia(
        ctx.db,
        phone.pid,
        phone.id,
        { data, mime, filename },
        ctx.now(),
        mediaBase(ctx.config),
      );
      out.media_id = url.split('/media/')[1]!.split('/')[0]!;
      out.mime = mime;
    } else if (body.message.startsWith('data:')) {
      throw new ApiError('BAD_REQUEST', 'message: a data URI must look like data:<mime>;base64,<data>.');
    } else {
      checkMediaUrl(body.message, ctx.config.dev);
    }
  }
  return out;
}

// Hand-built SQL: this insert is the hot path of the API (see tests/bench/messaging.ts).
const COLUMNS =
  'insert into messages (id, pid, phone_id, direction, chat_id, wa_id, type, body, status, content_hash, ack, attempts, next_attempt_at, created_at, updated_at)';
const VALUES = "?, ?, ?, 'out', ?, ?, ?, ?, 'queued', ?, 0, 0, 0, ?, ?";
/** The accept insert (its arguments: id, pid, phone_id, chat_id, wa_id, type, body, content_hash, created_at, updated_at). */
export const ACCEPT_INSERT = `${COLUMNS} values (${VALUES})`;
/** The insert of a message with an Idempotency-Key: only if the key's record (written just before) names it. */
const INSERT_KEYED = `${COLUMNS} select ${VALUES} where ${KEY_HELD_BY}`;

/**
 * A campaign's message to one recipient as a statement for the dispatcher's batch: a row of the
 * phone's send queue like an accepted one (the same claim, pacing and ban protection apply), written
 * only while `onlyIf` holds (the recipient is still pending and its campaign running). No duplicate
 * filter: each recipient gets one message, whose id its row records in the same transaction.
 */
export function queuedRowStmt(
  phone: Pick<PhoneRow, 'id' | 'pid'>,
  body: Record<string, unknown> & { type: string; to_number: string },
  now: number,
  onlyIf: { sql: string; args: InValue[] },
): { id: string; chatId: string; stmt: InStatement } {
  const id = uuidv7(now);
  const chatId = toChatId(body.to_number);
  const args = [id, phone.pid, phone.id, chatId, waMessageId(), body.type, JSON.stringify(body), null, now, now];
  return {
    id,
    chatId,
    stmt: { sql: `${COLUMNS} select ${VALUES} where ${onlyIf.sql}`, args: [...args, ...onlyIf.args] },
  };
}

/**
 * Accepts a message into the phone's send queue: the row is durable before the answer goes out, and
 * the sender loop of the runner that holds the phone sends it in order. The body comes already
 * validated by the route's declaration (sendMessageSchema), so it is not validated again here.
 * Within a request scope the row is handed to the request's unit of work, so that the API log's row
 * joins the same batch (the answer waits for both); elsewhere it is awaited here. With an
 * Idempotency-Key `claim`, the key's record is written with the row (both or neither) and `KeyTaken`
 * is thrown when the key was recorded first by another request (nothing is written then).
 */
export async function acceptMessage(
  ctx: ServiceCtx,
  phone: PhoneRow,
  body: SendMessageBody,
  claim?: KeyClaim,
): Promise<{ id: string; chatId: string }> {
  const { written, ...accepted } = await queueMessage(ctx, phone, body, claim);
  if (ctx.work && !claim) ctx.work.join(written);
  else await written;
  return accepted;
}

/**
 * Ban protection's refuse mode: a phone's accepts take turns in this process from their budget check
 * until their row is written, so that a burst of new chats cannot pass the budget between one
 * request's check and its write (the check counts the queued chats). Other phones never wait.
 */
const refuseTurns = new Map<number, Promise<void>>();
async function refuseTurn(phoneId: number): Promise<() => void> {
  const prev = refuseTurns.get(phoneId) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  const chained = prev.then(() => mine);
  refuseTurns.set(phoneId, chained);
  await prev;
  return () => {
    release();
    if (refuseTurns.get(phoneId) === chained) refuseTurns.delete(phoneId);
  };
}

/** Checks and queues a message; `written` resolves once its row is durable (nothing may be answered as accepted before). */
async function queueMessage(
  ctx: ServiceCtx,
  phone: PhoneRow,
  body: SendMessageBody,
  claim?: KeyClaim,
): Promise<{ id: string; chatId: string; written: Promise<void> }> {
  if (!phone.data.protectionRefuse) return queueChecked(ctx, phone, body, claim);
  const release = await refuseTurn(phone.id);
  try {
    const queued = await queueChecked(ctx, phone, body, claim);
    queued.written.then(release, release);
    return queued;
  } catch (err) {
    release();
    throw err;
  }
}

async function queueChecked(
  ctx: ServiceCtx,
  phone: PhoneRow,
  body: SendMessageBody,
  claim?: KeyClaim,
): Promise<{ id: string; chatId: string; written: Promise<void> }> {
  if (!phone.enabled) throw new ApiError('CONFLICT', PHONE_DISABLED_SEND);
  if (!canSend(phone.engine, body.type, phone.type)) {
    throw new ApiError(
      'UNSUPPORTED',
      phone.type === 'instagram'
        ? `Instagram accounts cannot send ${body.type} messages.`
        : `This phone's WhatsApp engine (${phone.engine}) cannot send ${body.type} messages.`,
    );
  }
  const chatId = toChatId(body.to_number);
  if (phone.sandbox) await assertSandboxAllowance(ctx, phone.id, chatId);
  // Ban protection's refuse mode: the flag rides on the cached phone row, so other phones read nothing more.
  if (phone.data.protectionRefuse) await assertProtectionAllows(ctx, phone.id, chatId);
  const resolved = await resolveReferences(ctx, phone, body);
  const hash = contentHash(body);
  const filtered = body.type !== 'reaction' && body.type !== 'delete';
  if (filtered) await checkDuplicate(ctx, phone.id, chatId, hash, Boolean(body.skip_filter));
  const now = ctx.now();
  const id = uuidv7(now);
  const stored: Record<string, unknown> = { ...body, ...(Object.keys(resolved).length ? { _resolved: resolved } : {}) };
  if (resolved.media_id) stored.message = `media:${resolved.media_id}`;
  const args = [
    id,
    phone.pid,
    phone.id,
    chatId,
    waMessageId(),
    body.type,
    JSON.stringify(stored),
    filtered ? hash : null,
    now,
    now,
  ];
  const batch = groupCommit(ctx.db);
  let committed: Promise<void>;
  if (claim) {
    // The key's record and the row, in one transaction: the row is written only if the record names it.
    committed = batch
      .runSql(
        [keyStatement(claim, id, chatId, now), { sql: INSERT_KEYED, args: [...args, ...keyHeldBy(claim, id)] }],
        END_OF_TURN,
      )
      .then(([, row]) => {
        if (!row || row.rowsAffected !== 1) throw new KeyTaken();
      });
  } else {
    committed = batch.write({ sql: ACCEPT_INSERT, args }, END_OF_TURN);
  }
  const written = committed.then(() => {
    metrics.accepted.inc();
    ctx.bus?.emit('queued', { phoneId: phone.id, pid: phone.pid });
    ctx.wake?.(phone.id);
  });
  return { id, chatId, written };
}
