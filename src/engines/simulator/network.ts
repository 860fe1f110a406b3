import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { simGroups, simWire, type SimGroupRow } from '../../../db/schema';
import type { GroupConfig, GroupInfo, IncomingMessage } from '../types';
import { EngineError } from '../types';
import type { GroupCommit } from '../../services/group-commit';
import { digits, SIM_RULES, userJid } from './rules';

/** How long a wire write waits for others to share its round trip. */
export const WIRE_WAIT_MS = 10;

/** Receives messages addressed to one of our simulated phones. */
export interface SimMailbox {
  number: string;
  receive(message: IncomingMessage): Promise<void>;
}

export interface SimNetworkOptions {
  db: Db;
  now: () => number;
  /**
   * Delivers to a linked simulated phone that is not hosted in this process (another runner): the
   * wiring enqueues a command for the runner that holds it. Resolves false when no such phone exists.
   */
  deliverRemote?: (number: string, message: IncomingMessage) => Promise<boolean>;
  /** The runner's group commit: the wire's writes share round trips with the phones' (see GroupCommit). */
  batch?: GroupCommit;
  /**
   * Who may use which number: a phone of another product must not link as a number that is theirs
   * (it would see their groups and get their messages). `claim` also records the number as the
   * phone's, atomically. Absent: every number is free.
   */
  numbers?: {
    free(phoneId: number, number: string): Promise<boolean>;
    claim(phoneId: number, number: string): Promise<boolean>;
  };
}

/**
 * The fake WhatsApp network: which numbers exist, the groups, the wire (every accepted message by id),
 * and delivery between our own simulated phones. Groups and the wire live in the database so every
 * runner on it sees the same network.
 */
export class SimNetwork {
  private readonly local = new Map<string, SimMailbox>();
  constructor(private readonly opts: SimNetworkOptions) {}

  get now() {
    return this.opts.now;
  }

  attach(mailbox: SimMailbox): void {
    this.local.set(mailbox.number, mailbox);
  }

  detach(mailbox: SimMailbox): void {
    if (this.local.get(mailbox.number) === mailbox) this.local.delete(mailbox.number);
  }

  /** Whether a phone may link as a number (it is not another product's). */
  async numberFree(phoneId: number, number: string): Promise<boolean> {
    return (await this.opts.numbers?.free(phoneId, number)) ?? true;
  }

  /** Takes a number for a phone that links as it; false when it is another product's. */
  async claimNumber(phoneId: number, number: string): Promise<boolean> {
    return (await this.opts.numbers?.claim(phoneId, number)) ?? true;
  }

  /** A number exists when the rules say so or one of our simulated phones is linked to it. */
  exists(number: string): boolean {
    return this.local.has(number) || SIM_RULES.exists(number);
  }

  /** Records a message on the wire; false when that id was already accepted (a retried send). */
  async accept(
    waId: string,
    from: string,
    to: string,
    type: string,
    payload: Record<string, unknown>,
  ): Promise<boolean> {
    const insert = this.opts.db
      .insert(simWire)
      .values({ waId, fromNumber: from, toJid: to, type, payload, at: this.now() })
      .onConflictDoNothing();
    const res = this.opts.batch
      ? ((await this.opts.batch.run([insert], WIRE_WAIT_MS))[0] as { rowsAffected: number })
      : await insert;
    return res.rowsAffected > 0;
  }

  /** Whether the network accepted a message with this id (for senders recovering from a crash). */
  async wasAccepted(waId: string): Promise<boolean> {
    return Boolean(await this.opts.db.select({ w: simWire.waId }).from(simWire).where(eq(simWire.waId, waId)).get());
  }

  /** Hands a message to one of our phones, local or on another runner. */
  async deliver(number: string, message: IncomingMessage): Promise<boolean> {
    const box = this.local.get(number);
    if (box) {
      await box.receive(message);
      return true;
    }
    return (await this.opts.deliverRemote?.(number, message)) ?? false;
  }

  async createGroup(owner: string, name: string, participants: string[]): Promise<GroupInfo> {
    const members = [...new Set(participants.map(digits))].filter((n) => n !== owner);
    const missing = members.filter((n) => !this.exists(n));
    if (members.length === 0)
      throw new EngineError('INVALID', 'A group needs at least one participant that has WhatsApp.');
    if (missing.length === members.length)
      throw new EngineError('INVALID', `None of the numbers have WhatsApp: ${missing.join(', ')}.`);
    const id = `${owner}-${Math.floor(this.now() / 1000)}${Math.floor(Math.random() * 1000)}@g.us`;
    const row = {
      id,
      name,
      owner,
      participants: [owner, ...members.filter((n) => this.exists(n))],
      admins: [owner],
      removed: [],
      config: { edit: 'all', send: 'all', disappear: false } satisfies GroupConfig,
      suspended: SIM_RULES.suspended(name),
      invite: crypto.randomUUID().replace(/-/g, '').slice(0, 22),
      image: null,
      createdAt: this.now(),
    } as const;
    await this.opts.db.insert(simGroups).values({
      ...row,
      participants: [...row.participants],
      admins: [...row.admins],
      removed: [],
      config: { ...row.config },
    });
    return this.view((await this.group(id))!, owner, false);
  }

  async group(id: string): Promise<SimGroupRow | undefined> {
    return this.opts.db.select().from(simGroups).where(eq(simGroups.id, id)).get();
  }

  /** Groups a number is in, was removed from, or that were suspended. */
  async groupsOf(number: string): Promise<SimGroupRow[]> {
    const like = `%"${number}"%`;
    return this.opts.db
      .select()
      .from(simGroups)
      .where(sql`${simGroups.participants} like ${like} or ${simGroups.removed} like ${like}`)
      .all();
  }

  async saveGroup(row: SimGroupRow): Promise<void> {
    await this.opts.db
      .update(simGroups)
      .set({
        name: row.name,
        participants: row.participants,
        admins: row.admins,
        removed: row.removed,
        config: row.config,
        image: row.image,
      })
      .where(and(eq(simGroups.id, row.id)));
  }

  /** The API's view of a group (groupData in the reference). */
  view(row: SimGroupRow, me: string, invite: boolean): GroupInfo {
    return {
      id: row.id,
      name: row.name,
      participants: row.participants.map(userJid),
      admins: row.admins.map(userJid),
      config: row.config,
      ...(row.image ? { image: row.image } : {}),
      ...(invite ? { invite: `https://chat.whatsapp.com/${row.invite}` } : {}),
      removed: !row.participants.includes(me) && row.removed.includes(me),
      suspended: row.suspended,
    };
  }
}
