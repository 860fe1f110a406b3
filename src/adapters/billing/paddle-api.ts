import type { Config } from '../../config';
import { ApiError } from '../../errors';
import type { PaddleErrorBody } from './paddle-types';

/** Paddle answered with an error: its HTTP status and its documented error code. */
export class PaddleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }

  /** Paddle tried to charge the card on file and the payment was declined. */
  get declined(): boolean {
    return this.code === 'subscription_payment_declined';
  }
}

/** Longest a call to Paddle may take: changes with an immediate charge answer after the payment attempt. */
const TIMEOUT_MS = 30_000;

/**
 * One call to Paddle Billing's REST API with the API key as a bearer token; answers the envelope's
 * `data`. Plain `fetch`, so it runs on Workers as well as on Node.
 */
export async function paddle<T>(
  config: Config,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<T> {
  if (!config.PADDLE_API_KEY) throw new ApiError('NOT_CONFIGURED', 'Paddle is not configured on this server.');
  let res: Response;
  try {
    res = await fetch(`${config.PADDLE_API_URL.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.PADDLE_API_KEY}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError('UNAVAILABLE', 'The payment provider could not be reached. Please try again.');
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = (json as PaddleErrorBody | null)?.error;
    throw new PaddleError(
      res.status,
      err?.code ?? `http_${res.status}`,
      err?.detail ?? `Paddle answered ${res.status}.`,
    );
  }
  const data = (json as { data?: T } | null)?.data;
  if (data === undefined) throw new ApiError('UNAVAILABLE', 'The payment provider gave an answer without data.');
  return data;
}

/** A Paddle failure in the one error shape: a declined card is 402, anything else the provider refused is 503. */
export function providerFailure(err: unknown, declinedMessage: string): unknown {
  if (!(err instanceof PaddleError)) return err;
  if (err.declined) return new ApiError('PAYMENT_REQUIRED', declinedMessage);
  return new ApiError('UNAVAILABLE', `The payment provider refused the change: ${err.message}`, {
    provider: { status: err.status, code: err.code },
  });
}

/** The Paddle price of one of our plans (`PADDLE_PRICES`). */
export function priceOf(config: Config, planId: string): string {
  const price = config.PADDLE_PRICES?.[planId];
  if (!price) throw new ApiError('NOT_CONFIGURED', `Plan ${planId} has no Paddle price (set it in PADDLE_PRICES).`);
  return price;
}

/** Our plan for a Paddle price, the reverse of `PADDLE_PRICES`. */
export function planOfPrice(config: Config, priceId: string): string | undefined {
  return Object.entries(config.PADDLE_PRICES ?? {}).find(([, p]) => p === priceId)?.[0];
}
