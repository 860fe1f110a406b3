import type {
  Ack,
  AuthStore,
  ChatSummary,
  GroupEvent,
  IncomingMessage,
  SessionEvents,
  SessionState,
} from '../../../src/engines/types';

/** An AuthStore in a Map, for engine tests that do not need the database. */
export class MemoryAuthStore implements AuthStore {
  readonly data = new Map<string, string>();

  async get(key: string) {
    return this.data.get(key) ?? null;
  }

  async getMany(keys: string[]) {
    return Object.fromEntries(keys.map((k) => [k, this.data.get(k) ?? null]));
  }

  async set(entries: Record<string, string | null>) {
    for (const [k, v] of Object.entries(entries)) {
      if (v === null) this.data.delete(k);
      else this.data.set(k, v);
    }
  }

  async clear() {
    this.data.clear();
  }

  keys(prefix: string): string[] {
    return [...this.data.keys()].filter((k) => k.startsWith(prefix));
  }
}

/** SessionEvents that remember everything a session reported, with a way to wait for the next thing. */
export class Recorder implements SessionEvents {
  readonly states: SessionState[] = [];
  readonly messages: IncomingMessage[] = [];
  readonly acks: Ack[] = [];
  readonly groupEvents: GroupEvent[] = [];
  readonly chatLists: ChatSummary[][] = [];
  readonly logs: { level: string; msg: string; [key: string]: unknown }[] = [];
  /** Called inside `state`, so a test can look at the world exactly when a state is reported. */
  onState?: (state: SessionState) => void | Promise<void>;

  async state(state: SessionState) {
    this.states.push(state);
    await this.onState?.(state);
  }

  message(m: IncomingMessage) {
    this.messages.push(m);
  }

  ack(a: Ack) {
    this.acks.push(a);
  }

  groupEvent(e: GroupEvent) {
    this.groupEvents.push(e);
  }

  chats(list: ChatSummary[]) {
    this.chatLists.push(list);
  }

  log(entry: { level: 'debug' | 'info' | 'warn' | 'error'; msg: string; [key: string]: unknown }) {
    this.logs.push(entry);
  }

  kinds(): string[] {
    return this.states.map((s) => s.kind);
  }

  /** The first state of this kind reported after the `after`-th state. */
  async next<K extends SessionState['kind']>(
    kind: K,
    after = 0,
    timeoutMs = 8_000,
  ): Promise<Extract<SessionState, { kind: K }>> {
    return until(
      () => this.states.slice(after).find((s): s is Extract<SessionState, { kind: K }> => s.kind === kind),
      `state ${kind}`,
      timeoutMs,
    );
  }
}

/** Polls `check` until it gives something truthy. */
export async function until<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 8_000): Promise<T> {
  const stop = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
