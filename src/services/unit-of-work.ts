/**
 * The writes one request's answer depends on. A service that queues a write in the group commit
 * (sendMessage's row) hands it here instead of waiting for it; the request's own log row joins the
 * same batch, and the answer leaves once all of them are durable (`requestWritten`). Routes and
 * middleware never see a write: they open the request's scope and wait for it to be written.
 */
export class UnitOfWork {
  private readonly pending: Promise<unknown>[] = [];

  join(write: Promise<unknown>): void {
    // Observed at once so that a failure is not reported as unhandled before the request awaits it.
    write.catch(() => undefined);
    this.pending.push(write);
  }

  /** Resolves once every joined write is durable; rejects with the first failure. */
  written(): Promise<void> {
    return this.pending.length === 0 ? Promise.resolve() : Promise.all(this.pending).then(() => undefined);
  }
}

/** A service context scoped to one request: writes handed to its unit of work are awaited before the answer. */
export function requestScope<C extends object>(ctx: C): C & { work: UnitOfWork } {
  return { ...ctx, work: new UnitOfWork() };
}

/** Waits for the writes a request's answer depends on (none outside a request scope). */
export function requestWritten(ctx: { work?: UnitOfWork }): Promise<void> {
  return ctx.work?.written() ?? Promise.resolve();
}
