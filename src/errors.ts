import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Error codes of the one error shape, each with its HTTP status. */
export const codeToStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 422,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  PHONE_LIMIT: 403,
  SANDBOX_LIMIT: 429,
  NOT_ACTIVE: 409,
  UNSUPPORTED: 422,
  DUPLICATE: 409,
  TIMEOUT: 504,
  NOT_CONFIGURED: 501,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof codeToStatus;

/** A failure a service or route throws; the error handler turns it into the one error shape. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Top-level fields some callers read besides the one shape (e.g. `data` with the W05 code). */
    readonly compat?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** `{ error: { code, message, requestId }, success: false, message }`: the body of every API failure. */
export function errorBody(requestId: string, code: ErrorCode, message: string, details?: Record<string, unknown>, compat?: Record<string, unknown>) {
  return { ...compat, success: false as const, message, error: { code, message, requestId, ...details } };
}

export function errorResponse(c: Context, code: ErrorCode, message: string, details?: Record<string, unknown>, compat?: Record<string, unknown>) {
  const requestId = (c.get('requestId') as string | undefined) ?? 'unknown';
  return c.json(errorBody(requestId, code, message, details, compat), codeToStatus[code]);
}
