/** The API's one error shape: `{ success: false, message, error: { code, message, requestId, ... } }`. */
export interface ErrorBody {
  success: false;
  message: string;
  error: { code: string; message: string; requestId: string; [field: string]: unknown };
  [field: string]: unknown;
}

/**
 * A failed call: the HTTP status, the error shape's `code` (`VALIDATION`, `NOT_FOUND`, `UNAUTHORIZED`,
 * `SANDBOX_LIMIT`, ...) and message, the request id to quote to support, and the body as it came.
 * A call that never got an answer (the network, after the retries) has status 0 and code `NETWORK`.
 */
export class WapiError extends Error {
  override readonly name = 'WapiError';
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  /** Per-field problems of a 400 or 422 (`{ "to_number": "is required ..." }`), when the server named them. */
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;

  constructor(status: number, code: string, message: string, body?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.body = body;
    const error = (body as Partial<ErrorBody> | undefined)?.error;
    this.requestId = typeof error?.requestId === 'string' ? error.requestId : undefined;
    this.fields =
      error && typeof error.fields === 'object' && error.fields !== null
        ? (error.fields as Record<string, string>)
        : undefined;
  }
}

/** Whether `err` is a WapiError (also across copies of the package). */
export function isWapiError(err: unknown): err is WapiError {
  return (
    err instanceof WapiError ||
    (typeof err === 'object' &&
      err !== null &&
      (err as { name?: unknown }).name === 'WapiError' &&
      typeof (err as { status?: unknown }).status === 'number')
  );
}

/** The WapiError of an answer that was not a success. */
export function errorFrom(response: Response, body: unknown): WapiError {
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`;
  const message =
    typeof error?.message === 'string' ? error.message : `${response.status} ${response.statusText || 'error'}`;
  return new WapiError(response.status, code, message, body);
}
