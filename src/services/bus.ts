/**
 * In-process notifications between the API and the runner of the same process, so that work does not
 * wait for the next poll. Everything also works without it (other processes poll the database).
 */
export interface BusEvents {
  /** A command row for a phone was inserted. */
  command: { phoneId: number };
  /** A command row finished. */
  commandDone: { id: number };
  /** Outgoing messages were queued for a phone. */
  queued: { phoneId: number; pid: string };
  /** The API changed a phone's row (enable, disable, redeploy, reset). */
  phoneChanged: { phoneId: number };
  /** A phone's status changed (the webhook deliverer listens). */
  status: { phoneId: number; pid: string; status: string; at: number };
  /** Webhook events were written to the outbox. */
  outbox: Record<string, never>;
  /** Live-chat events of an account were recorded (its inbox streams wake up). */
  live: { pid: string };
  /** Incoming messages were put on a Dialogflow agent's queue (the Dialogflow job wakes up). */
  agentQueued: Record<string, never>;
  /** Meta's webhook stored deliveries for an official number (its session drains them at once). */
  cloudInbox: { phoneId: number };
  /** A campaign was created, resumed or had its recipients move (the dispatcher wakes up). */
  campaigns: Record<string, never>;
}

type Handler<T> = (payload: T) => void;

export class Bus {
  private readonly handlers = new Map<keyof BusEvents, Set<Handler<never>>>();

  on<K extends keyof BusEvents>(topic: K, handler: Handler<BusEvents[K]>): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => set.delete(handler as Handler<never>);
  }

  emit<K extends keyof BusEvents>(topic: K, payload: BusEvents[K]): void {
    for (const h of this.handlers.get(topic) ?? []) {
      try {
        (h as Handler<BusEvents[K]>)(payload);
      } catch {
        /* a listener's failure is its own */
      }
    }
  }
}
