import { sql } from 'drizzle-orm';
import type { ServiceCtx } from '../context';
import { queueDepthQuery } from '../messages/stats';
import { renderMetrics, type GaugeSample } from './registry';

/** Gauges a part of the process adds at scrape time (the runner: the phones it drives). */
type Collector = () => GaugeSample[];
const collectors = new Set<Collector>();

/** Adds gauges to every scrape of this process; returns the function that removes them. */
export function addCollector(c: Collector): () => void {
  collectors.add(c);
  return () => collectors.delete(c);
}

/** What the shared database says: queue depth and oldest queued age, phones by status and by holder. */
async function databaseGauges(ctx: ServiceCtx): Promise<GaugeSample[]> {
  const now = ctx.now();
  // One round trip.
  const [queue, byStatus, held] = await ctx.db.batch([
    queueDepthQuery(ctx.db),
    ctx.db.all<{ status: string; n: number }>(
      sql`select status, count(*) as n from phones where enabled = 1 group by status`,
    ),
    ctx.db.all<{ runner: string; n: number }>(
      sql`select runner_id as runner, count(*) as n from phone_leases where lease_until > ${now} group by runner_id`,
    ),
  ]);
  const q = queue[0];
  return [
    {
      name: 'wapi_queue_depth',
      help: 'Outgoing messages waiting in send queues.',
      values: [{ labels: {}, value: Number(q?.n ?? 0) }],
    },
    {
      name: 'wapi_queue_oldest_age_seconds',
      help: 'Age of the oldest queued outgoing message (0 when none waits).',
      values: [{ labels: {}, value: q?.oldest ? Math.max(0, (now - Number(q.oldest)) / 1000) : 0 }],
    },
    {
      name: 'wapi_phones',
      help: 'Enabled phones by status.',
      values: byStatus.map((r) => ({ labels: { status: r.status }, value: Number(r.n) })),
    },
    {
      name: 'wapi_phones_held',
      help: 'Phones under a live lease, by runner.',
      values: held.map((r) => ({ labels: { runner: r.runner }, value: Number(r.n) })),
    },
  ];
}

/** How long a scrape waits for the database before it answers without its gauges. */
const SCRAPE_DB_TIMEOUT_MS = 2_000;

/**
 * The process's metrics in the Prometheus text format. An unreachable database (the moment they
 * matter most) leaves out only the database's gauges: `wapi_database_up` says 0 and the process's
 * own counters and its phones still answer.
 */
export async function scrape(ctx: ServiceCtx): Promise<string> {
  const local = [...collectors].flatMap((c) => c());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error('database timeout')), SCRAPE_DB_TIMEOUT_MS)),
  );
  const shared = await Promise.race([databaseGauges(ctx), timeout])
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  const up: GaugeSample = {
    name: 'wapi_database_up',
    help: 'Whether this scrape could read the shared database (1) or not (0).',
    values: [{ labels: {}, value: shared ? 1 : 0 }],
  };
  return renderMetrics([...(shared ?? []), up, ...local]);
}
