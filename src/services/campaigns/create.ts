import type { InStatement } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { optouts } from '../../../db/schema';
import { canSend } from '../../engines/capabilities';
import { ApiError } from '../../errors';
import { uuidv7 } from '../../shared/ids';
import type { CampaignMessage, CreateCampaignBody } from '../../shared/schemas/campaigns';
import type { ServiceCtx } from '../context';
import { groupCommit } from '../group-commit';
import { toChatId } from '../messages/chat-id';
import { getPhone } from '../phones/phones';
import { assertVariables, placeholdersOf } from './render';
import { campaignEventRows } from './webhook';

/** One recipient as given (JSON or a file's row). */
interface AudienceEntry {
  number: unknown;
  variables?: Record<string, unknown> | undefined;
}

export interface NewCampaign {
  name: string;
  phone_ids: readonly (string | number)[];
  message: CampaignMessage;
  recipients: readonly AudienceEntry[];
  schedule_at?: string | undefined;
}

/** Rows of one insert statement (9 values each, far under SQLite's 32,766 parameters). */
const ROWS_PER_INSERT = 500;

/** A stable spread of numbers over phones: FNV-1a of the digits, so a recipient always gets the same phone. */
function phoneFor(number: string, phoneIds: readonly number[]): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < number.length; i++) {
    h ^= number.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return phoneIds[(h >>> 0) % phoneIds.length]!;
}

/** International digits of a recipient, or null when it is not a phone number (a group, a national form, junk). */
function digitsOf(raw: unknown): string | null {
  try {
    const chat = toChatId(raw, 'number');
    return chat.endsWith('@c.us') ? chat.slice(0, -5) : null;
  } catch {
    return null;
  }
}

function scheduleOf(ctx: ServiceCtx, raw: string | undefined): number {
  if (raw === undefined) return ctx.now();
  const at = Date.parse(raw);
  if (Number.isNaN(at))
    throw new ApiError('VALIDATION', 'schedule_at must be an ISO time.', { fields: { schedule_at: 'invalid' } });
  if (at < ctx.now())
    throw new ApiError(
      'VALIDATION',
      'schedule_at is in the past: give a time from now on, or leave it out to start now.',
      {
        fields: { schedule_at: 'in the past' },
      },
    );
  return at;
}

/**
 * Creates a campaign and its recipients in one transaction: numbers read as sendMessage reads them
 * (libphonenumber-js), a number listed twice kept once (`duplicates`), an invalid one kept as
 * `invalid`, an opted-out one as `opted_out`; each valid recipient gets its phone by a stable hash.
 * Without `schedule_at` it starts at once (its `campaign` webhook with it); the dispatcher sends it.
 */
export async function createCampaign(ctx: ServiceCtx, pid: string, body: NewCampaign | CreateCampaignBody) {
  if (!body.recipients.length)
    throw new ApiError('VALIDATION', 'recipients must not be empty.', { fields: { recipients: 'empty' } });
  const phoneRows = await Promise.all(body.phone_ids.map((p) => getPhone(ctx, pid, p)));
  for (const p of phoneRows) {
    if (!canSend(p.engine, body.message.type, p.type))
      throw new ApiError(
        'UNSUPPORTED',
        `Phone ${p.id} (engine ${p.engine}) cannot send ${body.message.type} messages.`,
      );
  }
  const phoneIds = [...new Set(phoneRows.map((p) => p.id))];
  phoneIds.sort((a, b) => a - b);
  const at = scheduleOf(ctx, body.schedule_at);
  const now = ctx.now();
  const blocked = new Set(
    (await ctx.db.select({ number: optouts.number }).from(optouts).where(eq(optouts.pid, pid)).all()).map(
      (r) => r.number,
    ),
  );
  const seen = new Set<string>();
  const rows: [string, number, string, string][] = [];
  const valid: { variables: Record<string, unknown> }[] = [];
  let duplicates = 0;
  let invalid = 0;
  let optedOut = 0;
  for (const r of body.recipients) {
    const variables = r.variables ?? {};
    const digits = digitsOf(r.number);
    if (digits === null) {
      invalid++;
      rows.push([String(r.number ?? '').slice(0, 100), phoneIds[0]!, JSON.stringify(variables), 'invalid']);
      continue;
    }
    if (seen.has(digits)) {
      duplicates++;
      continue;
    }
    seen.add(digits);
    const optedOutNow = blocked.has(digits);
    if (optedOutNow) optedOut++;
    else valid.push({ variables });
    rows.push([digits, phoneFor(digits, phoneIds), JSON.stringify(variables), optedOutNow ? 'opted_out' : 'pending']);
  }
  assertVariables(placeholdersOf(body.message), valid);
  const id = uuidv7(now);
  const scheduled = at > now;
  const status = scheduled ? 'scheduled' : 'running';
  const stmts: InStatement[] = [
    {
      sql: 'insert into campaigns (id, pid, name, status, message, phone_ids, schedule_at, started_at, total, duplicates, created_at, n_pending, n_opted_out, n_invalid) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      args: [
        id,
        pid,
        body.name,
        status,
        JSON.stringify(body.message),
        JSON.stringify(phoneIds),
        at,
        scheduled ? null : now,
        rows.length,
        duplicates,
        now,
        valid.length,
        optedOut,
        invalid,
      ],
    },
  ];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const part = rows.slice(i, i + ROWS_PER_INSERT);
    stmts.push({
      sql: `insert into campaign_recipients (campaign_id, seq, number, phone_id, variables, status, updated_at) values ${part.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      args: part.flatMap((r, j) => [id, i + j, r[0], r[1], r[2], r[3], now]),
    });
  }
  if (!scheduled) stmts.push(...(await campaignEventRows(ctx, pid, id, 'running')));
  await groupCommit(ctx.db).run(stmts);
  ctx.bus?.emit('campaigns', {});
  if (!scheduled) ctx.bus?.emit('outbox', {});
  return { id, status, total: rows.length, invalid, duplicates, opted_out: optedOut } as const;
}
