import { proto, type WAMessage } from 'baileys';
import type { AuthStore } from '../types';

/** How many messages a phone keeps for retries, quotes and forwards. */
export const MESSAGE_STORE_LIMIT = 2_000;

const NEXT_KEY = 'msg:next';
const idKey = (id: string) => `msg:id:${id}`;
const seqKey = (seq: number) => `msg:seq:${seq}`;

/** Whether the phone's store keeps a message with this id (one it sent or received). */
export async function keptMessage(store: AuthStore, id: string): Promise<boolean> {
  return Boolean(await store.get(idKey(id)));
}

function encode(message: WAMessage): string {
  return Buffer.from(proto.WebMessageInfo.encode(message).finish()).toString('base64');
}

function decode(text: string): WAMessage {
  const info = proto.WebMessageInfo.decode(Buffer.from(text, 'base64'));
  return info as WAMessage;
}

/**
 * The phone's recent messages (those it sent and those it received) in its AuthStore, under `msg:`
 * keys, so that Baileys' `getMessage` (answering a recipient's retry request), quoting and
 * forwarding work after a restart too. Each message also takes a sequence slot; saving the
 * (limit+1)-th drops the oldest, so the store stays bounded. Cleared with the credentials on logout.
 */
export class MessageStore {
  private next: number | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: AuthStore,
    private readonly limit = MESSAGE_STORE_LIMIT,
  ) {}

  async get(id: string): Promise<WAMessage | undefined> {
    const text = await this.store.get(idKey(id));
    return text ? decode(text) : undefined;
  }

  /** Keeps a message; the first copy of an id wins (a retried send carries the same id and content). */
  save(message: WAMessage): Promise<void> {
    const run = this.queue.then(() => this.write(message));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Forgets the sequence position after the AuthStore was cleared. */
  reset(): void {
    this.next = null;
  }

  private async write(message: WAMessage): Promise<void> {
    const id = message.key.id;
    if (!id || (await this.store.get(idKey(id)))) return;
    this.next ??= Number((await this.store.get(NEXT_KEY)) ?? 0);
    const seq = this.next++;
    const entries: Record<string, string | null> = {
      [idKey(id)]: encode(message),
      [seqKey(seq)]: id,
      [NEXT_KEY]: String(this.next),
    };
    const dropped = seq - this.limit;
    if (dropped >= 0) {
      const old = await this.store.get(seqKey(dropped));
      entries[seqKey(dropped)] = null;
      if (old) entries[idKey(old)] = null;
    }
    await this.store.set(entries);
  }
}
