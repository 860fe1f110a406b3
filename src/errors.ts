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
  PAYMENT_REQUIRED: 402,
  PHONE_LIMIT: 403,
  SANDBOX_LIMIT: 429,
  PROTECTION_LIMIT: 429,
  NOT_ACTIVE: 409,
  UNSUPPORTED: 422,
  DUPLICATE: 409,
  TIMEOUT: 504,
  NOT_CONFIGURED: 501,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

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

type Issue = { path: readonly PropertyKey[]; message: string };

/** A failed validation in the one error shape: the first problem is the message, all go in `fields`. */
export function validationFailure(
  issues: readonly Issue[],
  code: 'VALIDATION' | 'BAD_REQUEST' = 'VALIDATION',
): ApiError {
  const fields: Record<string, string> = {};
  for (const i of issues) fields[i.path.map(String).join('.') || '_'] ??= i.message;
  const first = issues[0];
  // The console's forms show the spec's messages as they are; API callers also get the field's name.
  const where = code === 'BAD_REQUEST' && first && first.path.length ? `${first.path.map(String).join('.')}: ` : '';
  return new ApiError(code, first ? `${where}${first.message}` : 'Invalid input.', { fields });
}

/** `{ error: { code, message, requestId }, success: false, message }`: the body of every API failure. */
export function errorBody(
  requestId: string,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
  compat?: Record<string, unknown>,
) {
  return { ...compat, success: false as const, message, error: { code, message, requestId, ...details } };
}
