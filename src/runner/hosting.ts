import { and, eq, sql } from 'drizzle-orm';
import { phones, type PhoneRow } from '../../db/schema';
import { EngineError } from '../engines/types';
import type { ErrorCode } from '../errors';
import { finishCommand } from '../services/commands/commands';
import { openCommandSecret } from '../services/commands/secrets';
import type { CommandKind } from '../services/commands/types';
import { dbAuthStore } from './auth-store';
import { executeCommand } from './execute';
import { holds, type Fence } from './fence';
import { markReady } from './leases';
import { PhoneSender, recoverInterrupted, type SenderDeps } from './sender';
import { ConcurrentSender } from './concurrent-sender';
import type { Hosted, RunnerCore } from './core';
import { sessionEvents, writeState } from './session-events';

/** Runs a command another process asked of a hosted phone and writes its outcome, under the phone's lease. */
export async function execute(
  core: RunnerCore,
  h: Hosted,
  id: number,
  kind: string,
  args: Record<string, unknown>,
): Promise<void> {
  let outcome: Parameters<typeof finishCommand>[3];
  try {
    const secrets = core.opts.secrets;
    const unseal = secrets
      ? async (k: CommandKind, sealed: string) => openCommandSecret(await secrets(), h.phone.id, k, sealed)
      : undefined;
    outcome = { ok: true, result: await executeCommand(h.engine, h.session, kind, args, unseal, core.opts.fetchMedia) };
  } catch (err) {
    outcome = { ok: false, error: err instanceof Error ? err.message : String(err), code: engineErrorCode(err) };
  }
  await finishCommand(core.opts.db, id, core.now(), outcome, holds(h.phone.id, h.fence));
  core.opts.bus?.emit('commandDone', { id });
}

export async function host(core: RunnerCore, initial: PhoneRow, fence: Fence): Promise<void> {
  const row = await applyPendingReset(core, initial, fence);
  const engine = row.type === 'instagram' ? core.opts.instagram?.[row.engine] : core.opts.engines[row.engine];
  if (!engine) {
    const what = row.type === 'instagram' ? `Instagram ${row.engine}` : row.engine;
    await writeState(core, row, fence, {
      kind: 'phone-error',
      message: `The ${what} engine is not available on this server.`,
    });
    return;
  }
  const phone = { id: row.id, number: row.number, proxy: row.proxy, useOldVersion: Boolean(row.data.useOldVersion) };
  const holder: { h?: Hosted } = {};
  const auth = dbAuthStore(core.opts.db, row.id);
  // The engine says how it is driven: the runner never asks which one it is.
  const wasSent = engine.wasSent ? (waId: string) => engine.wasSent!(waId, auth) : undefined;
  const session = engine.open(phone, auth, sessionEvents(core, holder, row.generation, fence));
  const senderDeps: SenderDeps = {
    db: core.opts.db,
    now: core.now,
    phoneId: row.id,
    fence,
    session,
    pacing: engine.pacing,
    batch: core.batch,
    claimMax: engine.claimSize,
    resolve: core.opts.resolve,
    ...(wasSent ? { wasSent } : {}),
    sent: async (m, onlyIf) =>
      holder.h && core.opts.hooks?.sent ? core.opts.hooks.sent(holder.h.phone, m, onlyIf) : { stmts: [] },
    failed: async (m, error, onlyIf) =>
      holder.h && core.opts.hooks?.failed ? core.opts.hooks.failed(holder.h.phone, m, error, onlyIf) : { stmts: [] },
    onHeld: () => holder.h && core.opts.hooks?.held?.(holder.h.phone),
    newChatPace: () => (holder.h ? (core.opts.hooks?.newChatPace?.(holder.h.phone) ?? 1) : 1),
    ...(core.opts.sandboxClock ? { sandboxClock: true } : {}),
    ...(core.opts.log ? { log: core.opts.log } : {}),
  };
  // An engine that sends several at once (official numbers) paces them to its session's rate.
  const rate = engine.concurrentSends && session.sendRate ? () => session.sendRate!() : undefined;
  const sender = rate ? new ConcurrentSender(senderDeps, rate) : new PhoneSender(senderDeps);
  const h: Hosted = { phone: row, engine, session, sender, generation: row.generation, fence, status: row.status };
  holder.h = h;
  core.hosted.set(row.id, h);
  await recoverInterrupted(senderDeps);
  try {
    await session.start();
    await markReady(core.opts.db, fence, row.id, core.now());
  } catch (err) {
    core.log('error', 'session failed to start', { phoneId: row.id, err: String(err) });
    await writeState(core, row, fence, { kind: 'phone-error', message: 'The session could not start. Try Redeploy.' });
  }
}

/** Factory reset and logout without a live session leave a flag: the credentials go before the next start. */
async function applyPendingReset(core: RunnerCore, row: PhoneRow, fence: Fence): Promise<PhoneRow> {
  if (!row.data.resetPending && !row.data.logoutPending) return row;
  const { resetPending: _r, logoutPending: _l, ...data } = row.data;
  await dbAuthStore(core.opts.db, row.id).clear();
  // Only the two flags go, in the statement: a key another writer set meanwhile (POST /protection's
  // refuse mode) is not overwritten by this snapshot.
  await core.opts.db
    .update(phones)
    .set({ data: sql`json_remove(${phones.data}, '$.resetPending', '$.logoutPending')` })
    .where(and(eq(phones.id, row.id), eq(phones.generation, row.generation), holds(row.id, fence)));
  return { ...row, data };
}

/** Stops a hosted session; `local` leaves the database alone (self-fencing, when it may be unreachable). */
export async function unhost(core: RunnerCore, phoneId: number, opts: { local?: boolean } = {}): Promise<void> {
  const h = core.hosted.get(phoneId);
  if (!h) return;
  core.hosted.delete(phoneId);
  await h.sender.stop();
  await h.session
    .stop()
    .catch((err: unknown) => core.log('warn', 'session stop failed', { phoneId, err: String(err) }));
  if (!opts.local) await markReady(core.opts.db, h.fence, phoneId, null);
}

function engineErrorCode(err: unknown): ErrorCode {
  if (!(err instanceof EngineError)) return 'INTERNAL';
  switch (err.code) {
    case 'NOT_CONNECTED':
      return 'NOT_ACTIVE';
    case 'UNSUPPORTED':
      return 'UNSUPPORTED';
    case 'NOT_FOUND':
      return 'NOT_FOUND';
    case 'CONFLICT':
      return 'CONFLICT';
    case 'RATE_LIMITED':
      return 'RATE_LIMITED';
    case 'TRANSIENT':
      return 'UNAVAILABLE';
    default:
      return 'BAD_REQUEST';
  }
}
