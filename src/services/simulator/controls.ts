import { eq } from 'drizzle-orm';
import { phones, type PhoneRow } from '../../../db/schema';
import type { SimFault } from '../../engines/types';
import { ApiError } from '../../errors';
import { runCommand } from '../commands/commands';
import type { ServiceCtx } from '../context';

/**
 * The simulated phone the controls act on. `owner` is the product id of the caller's token, or
 * `undefined` where anyone may act (development): the simulator may be switched on in production
 * (SIMULATOR=true), and its controls must not let strangers act on phones.
 */
export async function simPhone(ctx: ServiceCtx, id: number, owner: string | null | undefined): Promise<PhoneRow> {
  const row = await ctx.db.select().from(phones).where(eq(phones.id, id)).get();
  if (!row || (owner !== undefined && owner !== row.pid)) throw new ApiError('NOT_FOUND', 'Phone not found.');
  if (row.engine !== 'sim') throw new ApiError('BAD_REQUEST', 'This phone does not run on the simulator.');
  if (!row.enabled) throw new ApiError('CONFLICT', 'The phone is disabled.');
  return row;
}

/**
 * Scans the QR a simulated phone shows, linking it (as `number` when given). `owner` as for
 * `simPhone`: another product's QR is answered like one nobody shows.
 */
export async function scanQr(
  ctx: ServiceCtx,
  qr: string,
  number: string | undefined,
  owner: string | null | undefined,
): Promise<{ phoneId: number; number: string }> {
  const row = await ctx.db.select().from(phones).where(eq(phones.qr, qr)).get();
  if (!row || row.engine !== 'sim' || (owner !== undefined && owner !== row.pid))
    throw new ApiError('NOT_FOUND', 'No phone is showing this QR code (it may have changed: QR codes rotate).');
  const me = await runCommand(ctx, row.id, 'sim-scan', { qr, ...(number ? { number } : {}) });
  return { phoneId: row.id, number: me.number };
}

/** Enters a pairing code on the simulated handset of a phone. */
export async function enterPairingCode(ctx: ServiceCtx, row: PhoneRow, code: string): Promise<string> {
  const me = await runCommand(ctx, row.id, 'sim-pair', { code });
  return me.number;
}

/** A simulated contact writes to the phone; answers the new message's key. */
export async function receiveMessage(
  ctx: ServiceCtx,
  row: PhoneRow,
  from: string,
  message: string,
): Promise<{ id: string; chatId: string }> {
  return runCommand(ctx, row.id, 'sim-incoming', { from, message });
}

/** Makes the simulated network misbehave for a phone (disconnect, phone error, ban, idle). */
export async function injectFault(ctx: ServiceCtx, row: PhoneRow, fault: SimFault): Promise<void> {
  await runCommand(ctx, row.id, 'sim-fault', { fault });
}
