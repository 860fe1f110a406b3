import type { ResultSet } from '@libsql/client';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phones, type CommandRow, type MessageRow, type PhoneRow, type ProductRow } from '../../db/schema';
import type {
  Engine,
  EngineName,
  EngineSession,
  Ack,
  GroupEvent,
  IncomingMessage,
  MediaInput,
  SessionEvents,
  SessionState,
} from '../engines/types';
import { EngineError } from '../engines/types';
import type { ErrorCode } from '../errors';
import {
  failAfterSent,
  recordAck,
  recordChats,
  recordIncoming,
  type AckGuard,
  type Companions,
} from '../services/messages/store';
import { phonesWithDueQuery } from '../services/messages/send-queue';
import { withQuotedApiId } from '../services/messages/quoted';
import { END_OF_TURN, groupCommit, rowMatches, type Condition, type GroupCommit } from '../services/group-commit';
import { linkRefusal } from '../services/staff/bans';
import type { Bus } from '../services/bus';
import { dbAuthStore } from './auth-store';
import { finishCommand, pendingCommandsQuery, pruneCommands, takeCommand } from '../services/commands/commands';
import { executeCommand } from './execute';
import { openCommandSecret } from '../services/commands/secrets';
import type { CommandKind } from '../services/commands/types';
import type { SecretBox } from '../services/cache';
import { metrics } from '../services/metrics/registry';
import { holds, type Fence } from './fence';
import {
  claimablePhones,
  claimLeases,
  forgetDeadRunners,
  keepLeases,
  markReady,
  releaseLeases,
  removeRunner,
  renewLeases,
  type HeldLease,
} from './leases';
import { ENGINE_VERSIONS } from '../engines/capabilities';
import { PhoneSender, recoverInterrupted, type ContentResolver, type SenderDeps } from './sender';
import { mapState } from '../services/phones/status-map';
import { statusHistoryRow } from '../services/phones/status-log';

/** What the runner tells the rest of the system (webhooks, logs) besides writing rows. */
export interface RunnerHooks {
  /** What a change of a phone's status means (its log row, its webhook): the writes commit with the phone's, each only if `changes` holds. */
  status?(phone: PhoneRow, status: string, at: number, changes: Condition): Promise<Companions>;
  /**
   * What an incoming message means besides its row (its log row and webhook, its inbox conversation,
   * its agent's queue): the writes commit with it, and the follow-up runs once they have (not for a
   * redelivered message).
   */
  incoming?(phone: PhoneRow, id: string, message: IncomingMessage, isNew: Condition): Promise<Companions>;
  /** What a raised ack means besides its row (its webhook, its inbox event): the writes commit with it. */
  ack?(phone: PhoneRow, ack: Ack, guard: () => AckGuard): Promise<Companions>;
  groupEvent?(phone: PhoneRow, event: GroupEvent): void | Promise<void>;
  /**
   * The writes a failed send means besides its row (its error log row, its webhook deliveries): they
   * commit with the row's write, each only while `onlyIf` holds.
   */
  failedWrites?(phone: PhoneRow, row: MessageRow, error: string, onlyIf: Condition): Promise<Companions>;
  /** A row reached a final state (a failed one with its `failedWrites`). */
  final?(phone: PhoneRow, row: MessageRow, outcome: 'sent' | 'failed'): void | Promise<void>;
  /** The phone's sender found due rows it could not claim (ban protection holds them). */
  held?(phone: PhoneRow): void | Promise<void>;
  /** The multiplier of the gap after a send that opened a chat (ban protection: 2 for a Critical phone). */
  newChatPace?(phone: PhoneRow): number;
  /** Asked as a round of lease keeping starts; its answer comes back with `kept`. */
  keeping?(): unknown;
  /** Each round of lease keeping read these rows of the held phones and their products, fresh until the next round (`freshMs`). */
  kept?(phones: PhoneRow[], products: ProductRow[], freshMs: number, mark: unknown): void;
}

export interface RunnerOptions {
  db: Db;
  now?: () => number;
  bus?: Bus;
  /** The engines of WhatsApp phones, by the phone's engine column; each says how to drive it (pacing, claim size, crash recovery, version). */
  engines: Partial<Record<EngineName, Engine>>;
  /** The engines of Instagram accounts (phones of type instagram), by the phone's engine column. */
  instagram?: Partial<Record<EngineName, Engine>>;
  runnerId: string;
  host?: string;
  pid?: number;
  leaseMs: number;
  /** Turns queued rows into engine content (media fetch etc.). */
  resolve: ContentResolver;
  /** The group commit to share with the rest of the process (the simulated network's writes); a new one when absent. */
  batch?: GroupCommit;
  hooks?: RunnerHooks;
  /** Keeps the media of incoming messages and gives their URL. */
  storeMedia?: (phone: PhoneRow, media: MediaInput) => Promise<string>;
  log?: (entry: Record<string, unknown>) => void;
  /** How often to look for commands from other processes and for queued rows. */
  pollMs?: number;
  /** Where this runner takes wake-up nudges (`http://host:port`), registered with its heartbeat. */
  address?: () => string | null;
  /** The server's box (SECRETS_KEY) that opens commands' sealed secret parts; absent, such commands fail. */
  secrets?: () => Promise<SecretBox>;
  /** Ban protection's day follows the sandbox clock (`config.sandboxClock`: sandbox billing outside production). */
  sandboxClock?: boolean;
}

/**
 * How long before its lease could pass to another runner a runner that cannot renew stops driving its
 * phones: room for clock skew between machines and for stopping the sessions.
 */
export function fenceMargin(leaseMs: number): number {
  return Math.max(1_000, Math.floor(leaseMs / 4));
}

/** How many sessions one tick starts at the same time. */
const HOST_CONCURRENCY = 8;
/** How often a runner keeps its leases (renews, reads its phones, balances). */
const tickInterval = (leaseMs: number) => Math.max(200, Math.floor(leaseMs / 3));

interface Hosted {
  phone: PhoneRow;
  engine: Engine;
  session: EngineSession;
  sender: PhoneSender;
  generation: number;
  /** The lease this runner holds on the phone; every write for it carries this. */
  fence: Fence;
  status: string;
  /** Why the session may not go on (a banned number linked): it is stopped until the next generation. */
  refused?: string;
}

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

  constructor(private readonly opts: RunnerOptions) {
    this.now = opts.now ?? Date.now;
    this.batch = opts.batch ?? groupCommit(opts.db);
    this.startedAt = this.now();
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

  /** Wakes the send loop of a hosted phone (a nudge from the API of another process). */
  wake(phoneId: number): boolean {
    const h = this.hosted.get(phoneId);
    h?.sender.kick();
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
      this.offs.push(bus.on('queued', (e) => this.hosted.get(e.phoneId)?.sender.kick()));
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
      for (const id of ids) await this.unhost(id);
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
    for (const id of [...this.hosted.keys()]) void this.unhost(id, { local: true });
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
      if (!held.some((l) => l.phoneId === id && l.generation === h.fence.generation)) await this.unhost(id);
    }

    const gone = held.filter((l) => {
      const r = byId.get(l.phoneId);
      return !r || !r.enabled;
    });
    for (const l of gone) await this.unhost(l.phoneId);
    await releaseLeases(
      db,
      this.id,
      gone.map((l) => l.phoneId),
    );
    held = held.filter((l) => !gone.includes(l));

    const target = Math.ceil(kept.wanted / kept.live);
    if (held.length > target) {
      const extra = held.slice(target).map((l) => l.phoneId);
      for (const id of extra) await this.unhost(id);
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
        if (h) await this.unhost(lease.phoneId);
        if (!this.stopped) await this.host(row, { runnerId: this.id, generation: lease.generation });
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
        void this.execute(h, cmd.id, cmd.kind, cmd.args);
      }
      // The fallback for a lost nudge: a sender in the middle of a round claims again anyway.
      for (const r of withQueue) this.hosted.get(r.id)?.sender.poke();
    } catch (err) {
      this.log('error', 'runner poll failed', { err: String(err) });
    } finally {
      this.polling = false;
    }
  }

  private async execute(h: Hosted, id: number, kind: string, args: Record<string, unknown>): Promise<void> {
    let outcome: Parameters<typeof finishCommand>[3];
    try {
      const secrets = this.opts.secrets;
      const unseal = secrets
        ? async (k: CommandKind, sealed: string) => openCommandSecret(await secrets(), h.phone.id, k, sealed)
        : undefined;
      outcome = { ok: true, result: await executeCommand(h.engine, h.session, kind, args, unseal) };
    } catch (err) {
      outcome = { ok: false, error: err instanceof Error ? err.message : String(err), code: engineErrorCode(err) };
    }
    await finishCommand(this.opts.db, id, this.now(), outcome, holds(h.phone.id, h.fence));
    this.opts.bus?.emit('commandDone', { id });
  }

  private async host(initial: PhoneRow, fence: Fence): Promise<void> {
    const row = await this.applyPendingReset(initial, fence);
    const engine = row.type === 'instagram' ? this.opts.instagram?.[row.engine] : this.opts.engines[row.engine];
    if (!engine) {
      const what = row.type === 'instagram' ? `Instagram ${row.engine}` : row.engine;
      await this.writeState(row, fence, {
        kind: 'phone-error',
        message: `The ${what} engine is not available on this server.`,
      });
      return;
    }
    const phone = { id: row.id, number: row.number, proxy: row.proxy, useOldVersion: Boolean(row.data.useOldVersion) };
    const holder: { h?: Hosted } = {};
    const auth = dbAuthStore(this.opts.db, row.id);
    // The engine says how it is driven: the runner never asks which one it is.
    const wasSent = engine.wasSent ? (waId: string) => engine.wasSent!(waId, auth) : undefined;
    const session = engine.open(phone, auth, this.events(holder, row.generation, fence));
    const senderDeps: SenderDeps = {
      db: this.opts.db,
      now: this.now,
      phoneId: row.id,
      fence,
      session,
      pacing: engine.pacing,
      batch: this.batch,
      claimMax: engine.claimSize,
      resolve: this.opts.resolve,
      ...(wasSent ? { wasSent } : {}),
      failedWrites: async (m, error, onlyIf) =>
        holder.h && this.opts.hooks?.failedWrites
          ? this.opts.hooks.failedWrites(holder.h.phone, m, error, onlyIf)
          : { stmts: [] },
      onFinal: (m, outcome) => holder.h && this.opts.hooks?.final?.(holder.h.phone, m, outcome),
      onHeld: () => holder.h && this.opts.hooks?.held?.(holder.h.phone),
      newChatPace: () => (holder.h ? (this.opts.hooks?.newChatPace?.(holder.h.phone) ?? 1) : 1),
      ...(this.opts.sandboxClock ? { sandboxClock: true } : {}),
      ...(this.opts.log ? { log: this.opts.log } : {}),
    };
    const sender = new PhoneSender(senderDeps);
    const h: Hosted = { phone: row, engine, session, sender, generation: row.generation, fence, status: row.status };
    holder.h = h;
    this.hosted.set(row.id, h);
    await recoverInterrupted(senderDeps);
    try {
      await session.start();
      await markReady(this.opts.db, fence, row.id, this.now());
    } catch (err) {
      this.log('error', 'session failed to start', { phoneId: row.id, err: String(err) });
      await this.writeState(row, fence, { kind: 'phone-error', message: 'The session could not start. Try Redeploy.' });
    }
  }

  /** Factory reset and logout without a live session leave a flag: the credentials go before the next start. */
  private async applyPendingReset(row: PhoneRow, fence: Fence): Promise<PhoneRow> {
    if (!row.data.resetPending && !row.data.logoutPending) return row;
    const { resetPending: _r, logoutPending: _l, ...data } = row.data;
    await dbAuthStore(this.opts.db, row.id).clear();
    // Only the two flags go, in the statement: a key another writer set meanwhile (POST /protection's
    // refuse mode) is not overwritten by this snapshot.
    await this.opts.db
      .update(phones)
      .set({ data: sql`json_remove(${phones.data}, '$.resetPending', '$.logoutPending')` })
      .where(and(eq(phones.id, row.id), eq(phones.generation, row.generation), holds(row.id, fence)));
    return { ...row, data };
  }

  /** Stops a hosted session; `local` leaves the database alone (self-fencing, when it may be unreachable). */
  private async unhost(phoneId: number, opts: { local?: boolean } = {}): Promise<void> {
    const h = this.hosted.get(phoneId);
    if (!h) return;
    this.hosted.delete(phoneId);
    h.sender.stop();
    await h.session
      .stop()
      .catch((err: unknown) => this.log('warn', 'session stop failed', { phoneId, err: String(err) }));
    if (!opts.local) await markReady(this.opts.db, h.fence, phoneId, null);
  }

  private events(holder: { h?: Hosted }, generation: number, fence: Fence): SessionEvents {
    const current = () =>
      holder.h && holder.h.generation === generation && this.hosted.get(holder.h.phone.id) === holder.h
        ? holder.h
        : null;
    return {
      state: async (state) => {
        const h = current();
        if (!h || h.refused) return;
        const refusal = state.kind === 'active' ? await linkRefusal(this.opts.db, h.phone.pid, state.me.number) : null;
        if (refusal) return this.refuseLink(h, fence, refusal);
        await this.writeState(h.phone, fence, state, h);
      },
      message: async (incoming) => {
        const h = current();
        if (!h) return;
        let m = incoming;
        if (m.media && this.opts.storeMedia) {
          const url = await this.opts.storeMedia(h.phone, m.media);
          m = { ...m, message: { ...m.message, url } };
        }
        // A reply names the message it quotes by the id our API gave it, in its webhook and in the conversation.
        if (m.quoted) m = await withQuotedApiId(this.opts.db, h.phone.id, m);
        const means = this.opts.hooks?.incoming;
        await recordIncoming(
          this.opts.db,
          h.phone.pid,
          h.phone.id,
          m,
          this.now(),
          means && ((id, isNew) => means(h.phone, id, m, isNew)),
        );
      },
      ack: async (a) => {
        const h = current();
        if (!h) return;
        const means = this.opts.hooks?.ack;
        await recordAck(
          this.opts.db,
          h.phone.id,
          a,
          this.now(),
          holds(h.phone.id, fence),
          means && ((guard) => means(h.phone, a, guard)),
        );
      },
      groupEvent: async (e) => {
        const h = current();
        if (h) await this.opts.hooks?.groupEvent?.(h.phone, e);
      },
      failed: async (f) => {
        const h = current();
        if (!h) return;
        const failedWrites = this.opts.hooks?.failedWrites;
        const row = await failAfterSent(
          this.opts.db,
          h.phone.id,
          f.waId,
          f.reason,
          this.now(),
          holds(h.phone.id, fence),
          failedWrites ? (m, onlyIf) => failedWrites(h.phone, m, f.reason, onlyIf) : undefined,
        );
        if (row) {
          metrics.failed.inc();
          await this.opts.hooks?.final?.(h.phone, row, 'failed');
        }
      },
      chats: async (list) => {
        const h = current();
        if (h) await recordChats(this.opts.db, h.phone.id, list);
      },
      log: (e) => this.opts.log?.({ ...e, phoneId: holder.h?.phone.id }),
    };
  }

  /** Writes a session state to the phone's row, if this runner still holds the phone's lease and the row its generation. */
  private async writeState(row: PhoneRow, fence: Fence, state: SessionState, h?: Hosted): Promise<void> {
    const { db } = this.opts;
    const now = this.now();
    // The hosting engine's version; for an engine this server lacks, the catalog's (what the status call shows).
    const engine = (h ?? this.hosted.get(row.id))?.engine;
    const { status, flags } = mapState(state, engine?.version ?? ENGINE_VERSIONS[row.engine]);
    const linked = state.kind === 'active' ? state.me : null;
    const mine = and(
      eq(phones.id, row.id),
      eq(phones.enabled, true),
      eq(phones.generation, h?.generation ?? row.generation),
      holds(row.id, fence),
    );
    // A change of status is recorded (history, log, webhook) with the row's write: all of it or none.
    const changes = rowMatches(phones, and(mine, ne(phones.status, status)));
    const history = statusHistoryRow(row.id, status, flags.message || null, now, changes);
    const means = this.opts.hooks?.status;
    const work = means ? await means(row, status, now, changes) : { stmts: [] };
    const update = db
      .update(phones)
      .set({
        status,
        state: flags,
        qr: state.kind === 'qr' ? state.qr : null,
        pairingCode: state.kind === 'pairing' ? state.code : null,
        ...(linked ? { number: linked.number, meName: linked.name } : {}),
        ...(state.kind === 'logged-out' || state.kind === 'banned' ? { meName: null } : {}),
        statusAt: sql`case when ${phones.status} = ${status} then ${phones.statusAt} else ${now} end`,
        updatedAt: now,
      })
      .where(mine)
      .returning();
    const results = await this.batch.run([history, ...work.stmts, update], END_OF_TURN);
    const res = (results.at(-1) as PhoneRow[])[0];
    if (!res) return;
    if (h) {
      h.phone = res;
      h.status = status;
      h.sender.setActive(status === 'active');
    }
    if ((results[0] as ResultSet).rowsAffected === 1) {
      this.opts.bus?.emit('status', { phoneId: row.id, pid: row.pid, status, at: now });
      await work.committed?.(results.slice(1, -1) as ResultSet[]);
    }
  }

  /**
   * A number staff banned linked (4-admin "Bans"): the device is unlinked, its credentials dropped and
   * the session stopped, and the phone shows why until a redeploy starts it again with a new QR.
   */
  private async refuseLink(h: Hosted, fence: Fence, message: string): Promise<void> {
    h.refused = message;
    h.sender.stop();
    await h.session
      .logout()
      .catch((err: unknown) =>
        this.log('warn', 'logout of a refused number failed', { phoneId: h.phone.id, err: String(err) }),
      );
    await h.session
      .stop()
      .catch((err: unknown) => this.log('warn', 'session stop failed', { phoneId: h.phone.id, err: String(err) }));
    await this.writeState(h.phone, fence, { kind: 'banned', message }, h);
  }

  private log(level: string, msg: string, extra: Record<string, unknown> = {}): void {
    this.opts.log?.({ level, msg, runner: this.id, ...extra });
  }
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
