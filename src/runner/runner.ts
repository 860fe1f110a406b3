import { inArray } from 'drizzle-orm';
import { phones, type CommandRow } from '../../db/schema';
import type { EngineSession } from '../engines/types';
import { phonesWithDueQuery } from '../services/messages/send-queue';
import { groupCommit, type GroupCommit } from '../services/group-commit';
import { finishCommand, pendingCommandsQuery, pruneCommands, takeCommand } from '../services/commands/commands';
import { metrics } from '../services/metrics/registry';
import { holds } from './fence';
import {
  claimablePhones,
  claimLeases,
  forgetDeadRunners,
  keepLeases,
  releaseLeases,
  removeRunner,
  renewLeases,
  type HeldLease,
} from './leases';
import { fenceMargin, HOST_CONCURRENCY, tickInterval, type Hosted, type RunnerCore, type RunnerOptions } from './core';
import { execute, host, unhost } from './hosting';

// The runner's parts: its options and hooks (core.ts), hosting a phone's session (hosting.ts) and what
// a session tells it (session-events.ts); this file keeps the leases and drives the rest.
export { fenceMargin, type RunnerHooks, type RunnerOptions } from './core';

/**
 * Hosts the sessions of the phones this process holds leases on. Leases are rows: renewed every
 * tick, taken over when expired, and balanced so that N live runners each hold about 1/N of the
 * phones. A runner restarted with the same id takes its phones back at once.
 */
export class PhoneRunner {
  private readonly hosted = new Map<number, Hosted>();
  private readonly now: () => number;
  private readonly startedAt: number;
  private timers: ReturnType<typeof setInterval>[] = [];
  private offs: (() => void)[] = [];
  private ticking: Promise<void> | null = null;
  private polling = false;
  private stopped = true;
  private stopping: Promise<void> | null = null;
  /** Until when, by this runner's clock, its last renewal keeps its leases safely its own. */
  private validUntil = 0;
  private renewing = false;

  /** Group commit of the hosted phones' sends and acks (one round trip for what they write together). */
  private readonly batch: GroupCommit;
  /** What hosting and the session events share of this runner. */
  private readonly core: RunnerCore;

  constructor(private readonly opts: RunnerOptions) {
    this.now = opts.now ?? Date.now;
    this.batch = opts.batch ?? groupCommit(opts.db);
    this.startedAt = this.now();
    this.core = {
      id: opts.runnerId,
      opts,
      now: this.now,
      hosted: this.hosted,
      batch: this.batch,
      log: (level, msg, extra) => this.log(level, msg, extra),
    };
  }

  get id(): string {
    return this.opts.runnerId;
  }

  /** Phone ids hosted here right now. */
  get phoneIds(): number[] {
    return [...this.hosted.keys()];
  }

  /** Whether this runner hosts the phone now (the accept path asks on every message). */
  hosts(phoneId: number): boolean {
    return this.hosted.has(phoneId);
  }

  session(phoneId: number): EngineSession | undefined {
    return this.hosted.get(phoneId)?.session;
  }

  /** Whether the last renewal is recent enough that no other runner can have taken the leases (readiness). */
  get leasesCurrent(): boolean {
    return !this.stopped && this.now() < this.validUntil;
  }

  /** Takes a nudge from the API of another process: kicks the send loop of a hosted phone. */
  nudge(phoneId: number): boolean {
    const h = this.hosted.get(phoneId);
    h?.sender.wake();
    return Boolean(h);
  }

  /** Starts hosting; `loops: false` leaves ticking to the caller (tests drive the clock). */
  async start(opts: { loops?: boolean } = {}): Promise<void> {
    this.stopped = false;
    this.stopping = null;
    if (opts.loops === false) return this.tick();
    // Loops first: the first tick claims and starts many sessions, which over a remote database can
    // outlast the lease; the renewals beside it and the guard must already be running.
    const tickMs = tickInterval(this.opts.leaseMs);
    this.timers.push(setInterval(() => void this.tick(), tickMs));
    this.timers.push(setInterval(() => void this.poll(), this.opts.pollMs ?? 500));
    // Not tied to the tick: a tick can hang on a database that does not answer.
    this.timers.push(setInterval(() => this.guard(), Math.min(1_000, Math.floor(this.opts.leaseMs / 10))));
    const bus = this.opts.bus;
    if (bus) {
      this.offs.push(bus.on('command', (e) => this.hosted.has(e.phoneId) && void this.poll()));
      this.offs.push(bus.on('queued', (e) => this.hosted.get(e.phoneId)?.sender.wake()));
      this.offs.push(bus.on('phoneChanged', () => void this.tick()));
    }
    await this.tick();
  }

  /** Stops every session and gives the leases back so another runner can take over at once. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.stopped = true;
      for (const t of this.timers) clearInterval(t);
      for (const off of this.offs) off();
      this.timers = [];
      this.offs = [];
      await this.ticking;
      const ids = [...this.hosted.keys()];
      for (const id of ids) await unhost(this.core, id);
      // What the phones wrote last goes while the leases are still this runner's.
      await this.batch.flush();
      await releaseLeases(this.opts.db, this.id, ids);
      await removeRunner(this.opts.db, this.id);
    })();
    return this.stopping;
  }

  /** One round of lease keeping: heartbeat, renew, release, balance, claim, (re)start sessions. */
  tick(): Promise<void> {
    if (this.ticking) {
      // A long tick (sessions starting) must not let the leases lapse: renew them beside it.
      void this.renew();
      return this.ticking;
    }
    this.ticking = this.doTick()
      .catch((err: unknown) => {
        this.log('error', 'runner tick failed', { err: err instanceof Error ? err.stack : String(err) });
        this.guard();
      })
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  /**
   * Self-fencing: once the last renewal is older than the lease time less the margin, another runner
   * may soon take the phones, so this one stops their sessions (without the database, which may be
   * what is gone). The next successful tick hosts again what it still holds.
   */
  private guard(): void {
    if (this.hosted.size === 0 || this.now() < this.validUntil) return;
    this.log('warn', "leases not renewed in time: stopping this runner's phones until the database answers", {
      phones: this.hosted.size,
    });
    metrics.selfFenced.inc();
    for (const id of [...this.hosted.keys()]) void unhost(this.core, id, { local: true });
  }

  /** Renews this runner's leases alone, once at a time; a failure is left to the guard. */
  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    const now = this.now();
    try {
      await renewLeases(this.opts.db, this.id, now, this.opts.leaseMs);
      this.validUntil = Math.max(this.validUntil, now + this.opts.leaseMs - fenceMargin(this.opts.leaseMs));
    } catch {
      this.guard();
    } finally {
      this.renewing = false;
    }
  }

  private async doTick(): Promise<void> {
    const { db, leaseMs } = this.opts;
    const now = this.now();
    const runner = {
      id: this.id,
      host: this.opts.host ?? 'localhost',
      pid: this.opts.pid ?? 0,
      startedAt: this.startedAt,
      address: this.opts.address?.() ?? null,
    };
    const mark = this.opts.hooks?.keeping?.();
    const kept = await keepLeases(db, runner, now, leaseMs);
    this.opts.hooks?.kept?.(kept.rows, kept.products, tickInterval(leaseMs), mark);
    // The rows say lease_until = now + leaseMs by this clock, whenever the answer came back.
    this.validUntil = Math.max(this.validUntil, now + leaseMs - fenceMargin(leaseMs));
    let held = kept.held;
    const byId = new Map(kept.rows.map((r) => [r.id, r]));
    for (const [id, h] of this.hosted) {
      if (!held.some((l) => l.phoneId === id && l.generation === h.fence.generation)) await unhost(this.core, id);
    }

    const gone = held.filter((l) => {
      const r = byId.get(l.phoneId);
      return !r || !r.enabled;
    });
    for (const l of gone) await unhost(this.core, l.phoneId);
    await releaseLeases(
      db,
      this.id,
      gone.map((l) => l.phoneId),
    );
    held = held.filter((l) => !gone.includes(l));

    const target = Math.ceil(kept.wanted / kept.live);
    if (held.length > target) {
      const extra = held.slice(target).map((l) => l.phoneId);
      for (const id of extra) await unhost(this.core, id);
      await releaseLeases(db, this.id, extra);
      held = held.slice(0, target);
    }
    if (!this.stopped && held.length < target) held.push(...(await this.claim(now, target - held.length)));

    const fresh = held.filter((l) => !byId.has(l.phoneId)).map((l) => l.phoneId);
    if (fresh.length)
      for (const r of await db.select().from(phones).where(inArray(phones.id, fresh)).all()) byId.set(r.id, r);
    const starts: (() => Promise<void>)[] = [];
    for (const lease of held) {
      const row = byId.get(lease.phoneId);
      if (!row) continue;
      const h = this.hosted.get(lease.phoneId);
      if (h && h.generation === row.generation) {
        h.phone = row;
        continue;
      }
      starts.push(async () => {
        if (h) await unhost(this.core, lease.phoneId);
        if (!this.stopped) await host(this.core, row, { runnerId: this.id, generation: lease.generation });
      });
    }
    // A takeover starts many sessions at once; over a remote database each start is a dozen round
    // trips, so they overlap (a few at a time) instead of queueing behind one another.
    const next = starts.values();
    const workers = Array.from({ length: Math.min(HOST_CONCURRENCY, starts.length) }, async () => {
      for (const start of next) await start();
    });
    // All of them settle before the tick ends: a later tick must not start a phone one of them is starting.
    const failed = (await Promise.allSettled(workers)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    if (Math.random() < 0.05) {
      await pruneCommands(db, now);
      await forgetDeadRunners(db, now, leaseMs);
    }
  }

  /** Claims up to `n` free or expired leases; one taken from another runner counts as a takeover. */
  private async claim(now: number, n: number): Promise<HeldLease[]> {
    const got: HeldLease[] = [];
    const candidates = await claimablePhones(this.opts.db, now, n);
    const generations = await claimLeases(
      this.opts.db,
      candidates.map((c) => c.id),
      this.id,
      now,
      this.opts.leaseMs,
    );
    candidates.forEach((c, i) => {
      const generation = generations[i];
      if (generation === null || generation === undefined) return;
      if (c.holder && c.holder !== this.id) metrics.takeovers.inc();
      got.push({ phoneId: c.id, generation });
    });
    return got;
  }

  /** Commands for hosted phones, and queued rows written by other processes. */
  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      const ids = this.phoneIds;
      if (ids.length === 0) return;
      // One round trip: the commands waiting for these phones, and which of them have messages due.
      const [commands, withQueue] = (await this.batch.run(
        [pendingCommandsQuery(this.opts.db, ids), phonesWithDueQuery(this.opts.db, ids, this.now())],
        0,
        { reads: true },
      )) as [CommandRow[], { id: number }[]];
      for (const cmd of commands) {
        const h = this.hosted.get(cmd.phoneId);
        if (!h || !(await takeCommand(this.opts.db, cmd.id, holds(cmd.phoneId, h.fence)))) continue;
        if (cmd.expiresAt < this.now()) {
          await finishCommand(
            this.opts.db,
            cmd.id,
            this.now(),
            { ok: false, error: 'timeout', code: 'TIMEOUT' },
            holds(cmd.phoneId, h.fence),
          );
          continue;
        }
        void execute(this.core, h, cmd.id, cmd.kind, cmd.args);
      }
      // The fallback for a lost nudge: a sender in the middle of a round claims again anyway.
      for (const r of withQueue) this.hosted.get(r.id)?.sender.wake(true);
    } catch (err) {
      this.log('error', 'runner poll failed', { err: String(err) });
    } finally {
      this.polling = false;
    }
  }

  private log(level: string, msg: string, extra: Record<string, unknown> = {}): void {
    this.opts.log?.({ level, msg, runner: this.id, ...extra });
  }
}
