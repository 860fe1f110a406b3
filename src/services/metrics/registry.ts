/**
 * This process's counters and histograms, written in the Prometheus text format by `GET /metrics`.
 * One registry per process (per isolate on Workers): what a runner counts, its own scrape reports.
 */

type Labels = Readonly<Record<string, string>>;

const key = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
const fmt = (labels: Labels) => {
  const parts = Object.entries(labels).map(
    ([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
  );
  return parts.length ? `{${parts.join(',')}}` : '';
};

/** A monotonically growing count, by labels. */
class Counter {
  private readonly values = new Map<string, { labels: Labels; n: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, n = 1): void {
    const k = key(labels);
    const v = this.values.get(k);
    if (v) v.n += n;
    else this.values.set(k, { labels, n });
  }

  /** The count for exactly these labels (tests and benches read it). */
  get(labels: Labels = {}): number {
    return this.values.get(key(labels))?.n ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, n } of this.values.values()) lines.push(`${this.name}${fmt(labels)} ${n}`);
    return lines.join('\n');
  }
}

/** Durations in seconds, counted into cumulative buckets, by labels. */
class Histogram {
  private readonly values = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly bounds: readonly number[],
  ) {}

  observe(labels: Labels, seconds: number): void {
    const k = key(labels);
    let v = this.values.get(k);
    if (!v) this.values.set(k, (v = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 }));
    this.bounds.forEach((b, i) => {
      if (seconds <= b) v.buckets[i]!++;
    });
    v.sum += seconds;
    v.count++;
  }

  /** How many observations carry these labels. */
  count(labels: Labels = {}): number {
    return this.values.get(key(labels))?.count ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, buckets, sum, count } of this.values.values()) {
      this.bounds.forEach((b, i) =>
        lines.push(`${this.name}_bucket${fmt({ ...labels, le: String(b) })} ${buckets[i]}`),
      );
      lines.push(`${this.name}_bucket${fmt({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${fmt(labels)} ${sum}`);
      lines.push(`${this.name}_count${fmt(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

/** A value read at scrape time (queue depth, phones held), by labels. */
export interface GaugeSample {
  name: string;
  help: string;
  values: { labels: Labels; value: number }[];
}

/** Writes gauges in the text format. */
function renderGauge(g: GaugeSample): string {
  const lines = [`# HELP ${g.name} ${g.help}`, `# TYPE ${g.name} gauge`];
  for (const { labels, value } of g.values) lines.push(`${g.name}${fmt(labels)} ${value}`);
  return lines.join('\n');
}

const LATENCY = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Every counter and histogram of the process. */
export const metrics = {
  accepted: new Counter(
    'wapi_messages_accepted_total',
    'Outgoing messages accepted into a send queue by this process.',
  ),
  sent: new Counter('wapi_messages_sent_total', 'Outgoing messages this process sent.'),
  failed: new Counter('wapi_messages_failed_total', 'Outgoing messages this process gave up on.'),
  webhooks: new Counter(
    'wapi_webhook_deliveries_total',
    'Webhook delivery attempts by outcome (delivered, retry, dead).',
  ),
  webhookLatency: new Histogram(
    'wapi_webhook_delivery_seconds',
    'Time of one webhook delivery attempt, by outcome.',
    LATENCY,
  ),
  takeovers: new Counter(
    'wapi_lease_takeovers_total',
    'Phone leases this runner took from another runner whose lease had expired.',
  ),
  selfFenced: new Counter(
    'wapi_runner_self_fenced_total',
    'Times this runner stopped its phones because it could not renew its leases in time.',
  ),
  dbRoundTrips: new Counter(
    'wapi_db_round_trips_total',
    'Calls to the database (one statement or one batch each), by outcome.',
  ),
  dbLatency: new Histogram('wapi_db_round_trip_seconds', 'Time of one call to the database.', LATENCY),
  nudges: new Counter('wapi_runner_wakeups_total', 'Wake-up nudges, by direction (sent, received) and outcome.'),
};

/** Records one database call of `ms` milliseconds. */
export function observeDbCall(ms: number, ok: boolean): void {
  metrics.dbRoundTrips.inc({ outcome: ok ? 'ok' : 'error' });
  metrics.dbLatency.observe({}, ms / 1000);
}

/** The whole registry plus `gauges`, in the Prometheus text format. */
export function renderMetrics(gauges: GaugeSample[]): string {
  const parts = [...Object.values(metrics).map((m) => m.render()), ...gauges.map(renderGauge)];
  return parts.join('\n') + '\n';
}
