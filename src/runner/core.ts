import type { Db } from '../../db/client';
import type { MessageRow, PhoneRow, ProductRow } from '../../db/schema';
import type { Engine, EngineName, EngineSession, Ack, GroupEvent, IncomingMessage, MediaInput } from '../engines/types';
import type { AckGuard, Consequences } from '../services/events/consequence';
import type { Condition, GroupCommit } from '../services/group-commit';
import type { Bus } from '../services/bus';
import type { SecretBox } from '../services/cache';
import type { FetchMedia } from '../services/media/port';
import type { Fence } from './fence';
import type { ContentResolver, PhoneSender } from './sender';

/**
 * What the runner hands on of its engine events (services/events/ answers them from one table per
 * event). The consequences of an event commit with its row, each statement only while the event's
 * condition holds; their follow-up runs once they have.
 */
export interface RunnerHooks {
  /** A change of a phone's status (services/events/status.ts): each statement only if `changes` holds. */
  status?(phone: PhoneRow, status: string, at: number, changes: Condition): Promise<Consequences>;
  /** An incoming message (services/events/incoming.ts): each statement only if `isNew` holds (not for a redelivered message). */
  incoming?(phone: PhoneRow, id: string, message: IncomingMessage, isNew: Condition): Promise<Consequences>;
  /** A raised ack (services/events/ack.ts): each statement only if `guard().onlyIf` holds. */
  ack?(phone: PhoneRow, ack: Ack, guard: () => AckGuard): Promise<Consequences>;
  groupEvent?(phone: PhoneRow, event: GroupEvent): void | Promise<void>;
  /** A send WhatsApp took (services/events/sent.ts; `row` as written): each statement only while `onlyIf()` holds. */
  sent?(phone: PhoneRow, row: MessageRow, onlyIf: () => Condition): Promise<Consequences>;
  /** A send that finally failed (services/events/failed.ts): each statement only while `onlyIf` holds. */
  failed?(phone: PhoneRow, row: MessageRow, error: string, onlyIf: Condition): Promise<Consequences>;
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
  /** Downloads a picture a command gives by URL (set-profile-image); absent, such commands fail. */
  fetchMedia?: FetchMedia;
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
export const HOST_CONCURRENCY = 8;
/** How often a runner keeps its leases (renews, reads its phones, balances). */
export const tickInterval = (leaseMs: number) => Math.max(200, Math.floor(leaseMs / 3));

/** A phone this runner hosts: its row, engine, session and sender, under the lease it holds. */
export interface Hosted {
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

/** What the runner's parts (lease keeping, hosting, session events) share: the runner's own state. */
export interface RunnerCore {
  readonly id: string;
  readonly opts: RunnerOptions;
  readonly now: () => number;
  readonly hosted: Map<number, Hosted>;
  /** Group commit of the hosted phones' sends and acks (one round trip for what they write together). */
  readonly batch: GroupCommit;
  log(level: string, msg: string, extra?: Record<string, unknown>): void;
}
