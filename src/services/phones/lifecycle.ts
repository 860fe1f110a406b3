import type { ResultSet } from '@libsql/client';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { chats, phoneLeases, phones, type PhoneData, type PhoneRow, type ProductRow } from '../../../db/schema';
import { purgeQueue } from '../messages/queue';
import { ApiError } from '../../errors';
import { runCommand } from '../commands/commands';
import { phoneChanged } from '../cache';
import { END_OF_TURN, groupCommit } from '../group-commit';
import type { ServiceCtx } from '../context';
import { assertRoomForInstagram } from '../instagram/limits';
import { assertRoomForPhone } from './add';
import { statusChange } from './status-log';

const PHONE_NAME_MAX = 20;
export const DISABLED_MESSAGE = 'The phone is disabled. Enable it first.';
/** How long logout waits for the runner before falling back to clearing the session itself. */
const LOGOUT_WAIT_MS = 10_000;

async function patch(
  ctx: ServiceCtx,
  phone: PhoneRow,
  set: Partial<typeof phones.$inferInsert>,
  restart: boolean,
): Promise<PhoneRow> {
  const now = ctx.now();
  const update = ctx.db
    .update(phones)
    .set({ ...set, ...(restart ? { generation: sql`${phones.generation} + 1` } : {}), updatedAt: now })
    .where(eq(phones.id, phone.id))
    .returning();
  // A change of status (its history, log and webhook) commits with the row.
  const work = set.status && set.status !== phone.status ? await statusChange(ctx, phone, set.status, now) : null;
  const results = await groupCommit(ctx.db).run([...(work?.stmts ?? []), update], END_OF_TURN);
  const row = (results.at(-1) as PhoneRow[])[0];
  phoneChanged(ctx, phone);
  await work?.committed?.(results.slice(0, -1) as ResultSet[]);
  if (restart || set.enabled !== undefined) ctx.bus?.emit('phoneChanged', { phoneId: phone.id });
  return row!;
}

function requireEnabled(phone: PhoneRow): void {
  if (!phone.enabled) throw new ApiError('CONFLICT', DISABLED_MESSAGE);
}

/** The loading state a restarted session starts from. */
function restartSet(ctx: ServiceCtx) {
  return { status: 'loading' as const, state: null, qr: null, pairingCode: null, statusAt: ctx.now() };
}

/** Restarts the phone's session (its credentials stay: an active phone comes back without a scan). */
export async function redeploy(ctx: ServiceCtx, phone: PhoneRow): Promise<PhoneRow> {
  requireEnabled(phone);
  return patch(ctx, phone, restartSet(ctx), true);
}

/** Disables a phone: its session stops, its data stays, it no longer counts against the limit. */
export async function disable(ctx: ServiceCtx, phone: PhoneRow): Promise<PhoneRow> {
  if (!phone.enabled) return phone;
  return patch(
    ctx,
    phone,
    { enabled: false, status: 'disabled', state: null, qr: null, pairingCode: null, statusAt: ctx.now() },
    true,
  );
}

/** Enables a disabled phone if the product's phone limit (instagram limit for an Instagram account) allows it. */
export async function enable(ctx: ServiceCtx, product: ProductRow, phone: PhoneRow): Promise<PhoneRow> {
  if (phone.enabled) return phone;
  if (phone.type === 'instagram') await assertRoomForInstagram(ctx, product, phone.id);
  else if (!phone.sandbox) await assertRoomForPhone(ctx, product, phone.id);
  return patch(ctx, phone, { enabled: true, ...restartSet(ctx) }, true);
}

async function markPending(
  ctx: ServiceCtx,
  phone: PhoneRow,
  flag: 'resetPending' | 'logoutPending',
  extra: Partial<typeof phones.$inferInsert> = {},
) {
  // Set in the statement, not from this request's snapshot: a key another writer set meanwhile stays.
  const data = sql`json_set(${phones.data}, ${`$.${flag}`}, json('true'))` as unknown as PhoneData;
  return patch(ctx, phone, { ...(phone.enabled ? restartSet(ctx) : {}), ...extra, data }, true);
}

/** Back to a newly created instance: credentials, chats and the queue are cleared; name and proxy stay. */
export async function factoryReset(ctx: ServiceCtx, phone: PhoneRow): Promise<PhoneRow> {
  await ctx.db.delete(chats).where(eq(chats.phoneId, phone.id));
  await purgeQueue(ctx, phone);
  return markPending(ctx, phone, 'resetPending', { number: null, meName: null });
}

/**
 * Logs the linked account out. The runner holding the session unlinks it with WhatsApp; with no
 * live runner the credentials are dropped when the session next starts. Either way a new QR follows.
 */
export async function logout(ctx: ServiceCtx, phone: PhoneRow): Promise<PhoneRow> {
  requireEnabled(phone);
  const lease = await ctx.db.select().from(phoneLeases).where(eq(phoneLeases.phoneId, phone.id)).get();
  if (lease && lease.leaseUntil > ctx.now()) {
    try {
      await runCommand(ctx, phone.id, 'logout', {}, LOGOUT_WAIT_MS);
      const now = ctx.now();
      const row = await ctx.db
        .update(phones)
        .set({ meName: null, updatedAt: now })
        .where(eq(phones.id, phone.id))
        .returning()
        .get();
      phoneChanged(ctx, phone);
      return row!;
    } catch {
      /* fall back below */
    }
  }
  return markPending(ctx, phone, 'logoutPending', { meName: null });
}

/** Clears the session's cached chats and restarts it, keeping the login. */
export async function clearSession(ctx: ServiceCtx, phone: PhoneRow): Promise<PhoneRow> {
  requireEnabled(phone);
  await ctx.db.delete(chats).where(eq(chats.phoneId, phone.id));
  return patch(ctx, phone, restartSet(ctx), true);
}

/** Switches the session to the engine's previous WhatsApp Web version and restarts it. */
export async function useOldVersion(ctx: ServiceCtx, phone: PhoneRow): Promise<PhoneRow> {
  requireEnabled(phone);
  return patch(ctx, phone, { ...restartSet(ctx), data: { ...phone.data, useOldVersion: true } }, true);
}

export async function setName(ctx: ServiceCtx, phone: PhoneRow, raw: unknown): Promise<PhoneRow> {
  if (typeof raw !== 'string') throw new ApiError('VALIDATION', 'name is required.');
  const name = raw.trim();
  if (name.length > PHONE_NAME_MAX)
    throw new ApiError('VALIDATION', `The phone name can be at most ${PHONE_NAME_MAX} characters.`);
  return patch(ctx, phone, { name }, false);
}

/** Partner accounts set each phone's mode; trial cannot be chosen (2-phones §4.3). */
export async function changeMode(ctx: ServiceCtx, phone: PhoneRow, mod: unknown): Promise<PhoneRow> {
  if (mod === 'trial') throw new ApiError('VALIDATION', 'Trial mode cannot be chosen.');
  if (mod !== 'live' && mod !== 'closed') throw new ApiError('VALIDATION', 'mod must be live or closed.');
  return patch(ctx, phone, { partnerMode: mod }, false);
}

/** Redeploys the given enabled phones of a product, or all of them. */
export async function redeployMany(ctx: ServiceCtx, pid: string, ids: number[] | undefined): Promise<number[]> {
  const rows = await ctx.db
    .select()
    .from(phones)
    .where(
      and(
        eq(phones.pid, pid),
        eq(phones.enabled, true),
        eq(phones.type, 'whatsapp'),
        ...(ids ? [inArray(phones.id, ids)] : []),
      ),
    )
    .all();
  for (const r of rows) await redeploy(ctx, r);
  return rows.map((r) => r.id);
}
