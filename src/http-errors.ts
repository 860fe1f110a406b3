import type { Context } from 'hono';
import { codeToStatus, errorBody, type ErrorCode } from './errors';

/** Answers the one error shape with the code's status. */
export function errorResponse(
  c: Context,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
  compat?: Record<string, unknown>,
) {
  const requestId = (c.get('requestId') as string | undefined) ?? 'unknown';
  return c.json(errorBody(requestId, code, message, details, compat), codeToStatus[code]);
}
