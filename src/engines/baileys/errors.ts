import { EngineError } from '../types';

/** The parts of a Boom (Baileys' error type) we read. */
interface BoomLike {
  message?: string;
  /** WhatsApp's error code of a failed query (`<error code="404"/>`), as Baileys puts it. */
  data?: unknown;
  output?: { statusCode?: number };
}

/**
 * A Baileys failure as an EngineError: WhatsApp's answer codes for bad requests, missing things,
 * refusals and rate limits; everything else (closed sockets, timeouts) is transient.
 */
export function engineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const boom = (err ?? {}) as BoomLike;
  const message = err instanceof Error ? err.message : String(err);
  const code = typeof boom.data === 'number' ? boom.data : boom.output?.statusCode;
  switch (code) {
    case 400:
    case 406:
    case 409:
      return new EngineError('INVALID', `WhatsApp rejected the request: ${message}`);
    case 401:
    case 403:
      return new EngineError('INVALID', `WhatsApp does not allow this: ${message}`);
    case 404:
      return new EngineError('NOT_FOUND', `WhatsApp does not know it: ${message}`);
    case 429:
      return new EngineError('RATE_LIMITED', 'WhatsApp asks to slow down. Try again later.');
    default:
      return new EngineError('TRANSIENT', `WhatsApp connection problem: ${message}`);
  }
}

/** The status code of a Baileys failure, if any. */
export function statusOf(err: unknown): number | undefined {
  const boom = (err ?? {}) as BoomLike;
  return typeof boom.data === 'number' ? boom.data : boom.output?.statusCode;
}

/** For `.catch(rethrow)`: a Baileys failure thrown again as an EngineError. */
export function rethrow(err: unknown): never {
  throw engineError(err);
}
