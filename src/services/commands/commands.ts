import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { phoneCommands } from '../../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import type { Bus } from '../bus';
import { SEALED_FIELD } from './secrets';
import type { CommandArgs, CommandKind, CommandResult } from './types';

/** A command row's args without their sealed secret part (command-secrets.ts), erased when the command ends. */
const withoutSecret = sql`json_remove(${phoneCommands.args}, ${`$.${SEALED_FIELD}`})`;

/** How long the API waits for a runner to answer a command. */
const COMMAND_TIMEOUT_MS = 15_000;
/** How often a waiting API call looks at the command row when no in-process bus tells it. */
const POLL_MS = 50;
/** With a bus the local runner wakes the caller; this poll only covers runners in other processes. */
const BUS_POLL_MS = 200;

export interface CommandDeps {
  db: Db;
  now: () => number;
  bus?: Bus;
}

/**
 * Asks the runner that holds a phone to do something with the live session and waits for the answer.
 * Rows make it work across processes; the bus makes it immediate within one.
 */
export async function runCommand<K extends CommandKind>(
  deps: CommandDeps,
  phoneId: number,
  kind: K,
  args: CommandArgs<K>,
  timeoutMs = COMMAND_TIMEOUT_MS,
): Promise<CommandResult<K>> {
  const created = deps.now();
  const row = await deps.db
    .insert(phoneCommands)
    .values({ phoneId, kind, args, createdAt: created, expiresAt: created + timeoutMs })
    .returning({ id: phoneCommands.id })
    .get();
  const id = row!.id;
  const sealed = SEALED_FIELD in args;
  deps.bus?.emit('command', { phoneId });
  const end = Date.now() + timeoutMs;
  let wake: (() => void) | undefined;
  const off = deps.bus?.on('commandDone', (e) => e.id === id && wake?.());
  try {
    for (;;) {
      const cmd = await deps.db.select().from(phoneCommands).where(eq(phoneCommands.id, id)).get();
      // The executor's table is typed by the same map, so the stored result has this kind's shape.
      if (cmd?.status === 'done') return cmd.result as CommandResult<K>;
      if (cmd?.status === 'failed')
        throw new ApiError(
          (cmd.errorCode as ErrorCode | null) ?? 'BAD_REQUEST',
          cmd.error ?? 'The phone could not do that.',
        );
      if (Date.now() >= end) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.max(1, Math.min(deps.bus ? BUS_POLL_MS : POLL_MS, end - Date.now())));
      });
    }
  } finally {
    off?.();
    // However it ended, the row keeps no secret part: a runner that took the command has read it.
    if (sealed) await deps.db.update(phoneCommands).set({ args: withoutSecret }).where(eq(phoneCommands.id, id));
  }
  // Nobody took it in time: withdraw it so it does not run late.
  await deps.db
    .update(phoneCommands)
    .set({ status: 'failed', error: 'timeout', doneAt: deps.now() })
    .where(and(eq(phoneCommands.id, id), eq(phoneCommands.status, 'pending')));
  throw new ApiError('TIMEOUT', 'The phone did not answer in time. Check that it is running and try again.');
}

/** Queues a command without waiting for it (deliveries between simulated phones). */
export async function enqueueCommand<K extends CommandKind>(
  deps: CommandDeps,
  phoneId: number,
  kind: K,
  args: CommandArgs<K>,
  ttlMs = COMMAND_TIMEOUT_MS,
): Promise<void> {
  const now = deps.now();
  await deps.db.insert(phoneCommands).values({ phoneId, kind, args, createdAt: now, expiresAt: now + ttlMs });
  deps.bus?.emit('command', { phoneId });
}

/** Pending commands for phones this runner holds, oldest first. */
export function pendingCommandsQuery(db: Db, phoneIds: number[]) {
  return db
    .select()
    .from(phoneCommands)
    .where(and(eq(phoneCommands.status, 'pending'), inArray(phoneCommands.phoneId, phoneIds)))
    .orderBy(asc(phoneCommands.id))
    .limit(100);
}

/** Takes a command; false when another runner (or the timeout) got it first, or `fence` (the runner's lease) no longer holds. */
export async function takeCommand(db: Db, id: number, fence: SQL): Promise<boolean> {
  const res = await db
    .update(phoneCommands)
    .set({ status: 'running' })
    .where(and(eq(phoneCommands.id, id), eq(phoneCommands.status, 'pending'), fence));
  return res.rowsAffected > 0;
}

export async function finishCommand(
  db: Db,
  id: number,
  now: number,
  outcome: { ok: true; result: unknown } | { ok: false; error: string; code: ErrorCode },
  fence: SQL,
): Promise<void> {
  await db
    .update(phoneCommands)
    .set(
      outcome.ok
        ? { status: 'done', result: outcome.result ?? null, doneAt: now }
        : { status: 'failed', error: outcome.error, errorCode: outcome.code, doneAt: now },
    )
    .where(and(eq(phoneCommands.id, id), fence));
}

/** Drops finished and expired commands older than a minute. */
export async function pruneCommands(db: Db, now: number): Promise<void> {
  await db.delete(phoneCommands).where(lt(phoneCommands.expiresAt, now - 60_000));
}
