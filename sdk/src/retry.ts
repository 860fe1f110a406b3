import { WapiError } from './errors.js';

export interface RetryOptions {
  /** How many times a call is tried again after the first (default 3; 0 turns retries off). */
  retries?: number;
  /** The first wait in milliseconds; each next one doubles, with jitter (default 500). */
  minDelayMs?: number;
  /** The longest wait, also for a Retry-After the server sends (default 20,000). */
  maxDelayMs?: number;
}

const RETRY_STATUSES = new Set([429, 503]);

/** Milliseconds the server asked to wait (Retry-After in seconds or as a date), if it did. */
function retryAfter(res: Response): number | undefined {
  const value = res.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * A request that may be sent twice without doing twice what it asks: reads, and any call carrying an
 * Idempotency-Key (the server answers a repeat with the first result). Others are retried only when
 * the server refused them (429, 503), never after a network failure that may have come after the work.
 */
const safeToRepeat = (req: Request) =>
  req.method === 'GET' || req.method === 'HEAD' || req.headers.has('idempotency-key');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `fetch` that tries again with exponential back-off (full jitter) on 429 and 503 answers and on
 * network errors, and on nothing else: a 4xx is the caller's to fix, a 500 is not made better by
 * repeating. A network failure that outlasts the retries is a WapiError with status 0, code NETWORK.
 */
export function retryingFetch(base: typeof fetch, opts: RetryOptions = {}): (input: Request) => Promise<Response> {
  const retries = opts.retries ?? 3;
  const min = opts.minDelayMs ?? 500;
  const max = opts.maxDelayMs ?? 20_000;
  return async (request: Request) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      // A body can be read once: every try but the last sends a copy.
      const sent = last ? request : request.clone();
      let res: Response;
      try {
        res = await base(sent);
      } catch (err) {
        if ((err as { name?: string }).name === 'AbortError' || last || !safeToRepeat(request)) {
          if ((err as { name?: string }).name === 'AbortError') throw err;
          throw new WapiError(
            0,
            'NETWORK',
            `The request did not reach the API: ${(err as Error).message ?? String(err)}`,
            undefined,
            { cause: err },
          );
        }
        await sleep(Math.random() * Math.min(max, min * 2 ** attempt));
        continue;
      }
      if (last || !RETRY_STATUSES.has(res.status)) return res;
      const wait = retryAfter(res) ?? Math.random() * Math.min(max, min * 2 ** attempt);
      await res.body?.cancel().catch(() => {});
      await sleep(Math.min(max, wait));
    }
  };
}
