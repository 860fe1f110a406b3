import type { Client, Transaction } from '@libsql/client';

/** Told about every call to the database: how long it took and whether it worked. */
export type CallObserver = (ms: number, ok: boolean) => void;

const CALLS = new Set(['execute', 'batch', 'executeMultiple', 'migrate']);

async function timed<T>(observe: CallObserver, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const value = await work();
    observe(performance.now() - started, true);
    return value;
  } catch (err) {
    observe(performance.now() - started, false);
    throw err;
  }
}

function wrap<T extends Client | Transaction>(target: T, observe: CallObserver): T {
  return new Proxy(target, {
    get(t, prop) {
      const value = Reflect.get(t, prop) as unknown;
      if (typeof value !== 'function') return value;
      const name = String(prop);
      if (CALLS.has(name) || name === 'commit' || name === 'rollback') {
        return (...args: unknown[]) =>
          timed(observe, () => (value as (...a: unknown[]) => Promise<unknown>).apply(t, args));
      }
      if (name === 'transaction') {
        return async (...args: unknown[]) =>
          wrap(
            await timed(observe, () => (value as (...a: unknown[]) => Promise<Transaction>).apply(t, args)),
            observe,
          );
      }
      return (value as (...a: unknown[]) => unknown).bind(t);
    },
  });
}

/** A libSQL client that reports each call (a statement, a batch, a transaction's steps) to `observe`. */
export function metered(client: Client, observe: CallObserver): Client {
  return wrap(client, observe);
}
