import { and, inArray, lt } from 'drizzle-orm';
import { dialogflowRequests, phoneCommands, simWire } from '../../db/schema';
import type { ServiceCtx } from '../services/context';
import { sweepLogs } from '../services/logs/write';
import { sweepIdempotencyKeys } from '../services/messages/idempotency';
import { sweepDeliveries } from '../services/webhooks/outbox';
import { runAgain } from '../services/run-again';
import type { Job } from './job';

const DAY = 86_400_000;
/** How long the log, finished webhook deliveries and Dialogflow requests, and the simulated network's wire are kept. */
export const RETENTION = { logsDays: 30, deliveriesDays: 30, wireDays: 7, agentRequestsDays: 7 } as const;
const EVERY_MS = 60 * 60_000;

/** Deletes what outlived its retention. */
export async function sweep(ctx: ServiceCtx): Promise<void> {
  const now = ctx.now();
  await sweepLogs(ctx, now - RETENTION.logsDays * DAY);
  await sweepDeliveries(ctx, now - RETENTION.deliveriesDays * DAY);
  await ctx.db
    .delete(dialogflowRequests)
    .where(
      and(
        inArray(dialogflowRequests.status, ['done', 'failed']),
        lt(dialogflowRequests.updatedAt, now - RETENTION.agentRequestsDays * DAY),
      ),
    );
  await ctx.db.delete(simWire).where(lt(simWire.at, now - RETENTION.wireDays * DAY));
  await ctx.db.delete(phoneCommands).where(lt(phoneCommands.expiresAt, now - DAY));
  await sweepIdempotencyKeys(ctx);
}

/** Sweeps hourly (and once a minute after start). Returns a stop function. */
export const startHousekeeping: Job = ({ ctx, log }) =>
  runAgain({ everyMs: EVERY_MS, firstAfterMs: 60_000, failMsg: 'housekeeping failed', log }, () => sweep(ctx));
