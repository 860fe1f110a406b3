import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { H, RouterRoute } from 'hono/types';
import type { Router } from 'hono/router';
import type { z } from 'zod';
import { validationFailure } from '../../errors';
import type { AppEnv } from '../../env';
import { errorShape } from '../../shared/schemas/common';
import { binaryBody } from '../../shared/schemas/kit';

/**
 * The one way to declare an endpoint: `endpoint()` (below; the only `createRoute` of src/routes/) with
 * its request and response schemas in the route's file, registered on a group made by `routes()`. The validators run before the handler,
 * failures become the one error shape, and the OpenAPI documents are generated from these groups.
 */

type ValidationCode = 'VALIDATION' | 'BAD_REQUEST';

interface HookResult {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/** A validation hook answering with `code` (422 VALIDATION by default; 400 where the reference says so). */
export function failWith(code: ValidationCode) {
  return (result: HookResult): undefined => {
    if (!result.success) throw validationFailure(result.error?.issues ?? [], code);
  };
}

/** A group of declared endpoints. Chain `.openapi(route, handler)` and mount with `app.route(...)`. */
export function routes(opts: { router?: Router<[H, RouterRoute]> } = {}) {
  return new OpenAPIHono<AppEnv>({ defaultHook: failWith('VALIDATION'), ...opts });
}

const errorContent = { 'application/json': { schema: errorShape } };

const failure = (description: string) => ({ description, content: errorContent });

/** The failures every endpoint may answer, in the one error shape. */
export const ERRORS = {
  400: failure('Malformed request'),
  401: failure('Missing or wrong credentials'),
  403: failure('Not allowed for this account'),
  402: failure('The payment was declined'),
  404: failure("Not found (another account's resources answer the same)"),
  409: failure('Conflicts with the current state'),
  413: failure('The request body is too large'),
  415: failure('The body is neither JSON nor a form'),
  422: failure('A field is invalid'),
  429: failure('Rate or sandbox limit reached'),
  501: failure('Not configured on this server'),
  503: failure('Temporarily unavailable'),
  504: failure('The phone did not answer in time'),
} as const;

/**
 * The failures join the declaration at run time (the documents and the tests' answer checks read
 * them) but not its type: handlers throw failures rather than return them, and thirteen error
 * statuses on every route would make the app's route type too large for the compiler.
 */
function withErrors<T extends object>(success: T): T {
  return { ...success, ...ERRORS };
}

/** `200` with a JSON body of `schema`, plus the declared failures. */
export function ok<S extends z.ZodType>(schema: S, description = 'OK') {
  return withErrors({ 200: { description, content: { 'application/json': { schema } } } } as const);
}

/** `200` with a binary body of `type` (images), `304` when the caller's ETag is current, plus the declared failures. */
export function binary<T extends string>(type: T, description = 'OK') {
  return withErrors({
    200: {
      description,
      content: { [type]: { schema: binaryBody } } as Record<T, { schema: z.ZodString }>,
    },
    304: { description: 'Not modified: the If-None-Match ETag is current' },
  } as const);
}

/**
 * A request body. The payload middleware has already turned JSON, a form, or the console's form
 * with one field carrying JSON into JSON, so one schema serves them all.
 */
export function body<S extends z.ZodType>(schema: S, examples?: Record<string, unknown>) {
  return {
    required: true,
    content: {
      'application/json': {
        schema,
        ...(examples
          ? { examples: Object.fromEntries(Object.entries(examples).map(([k, v]) => [k, { value: v }])) }
          : {}),
      },
    },
  } as const;
}

type Method = 'get' | 'post' | 'delete';

/**
 * A declaration in one call — method, path, tag, summary, request parts, responses, and any other
 * field of the route (description, middleware, hide, callbacks) — so a file of endpoints reads as a
 * table instead of repeating the same object shape.
 */
export function endpoint<
  M extends Method,
  P extends string,
  Q extends NonNullable<RouteConfig['request']>,
  R extends RouteConfig['responses'],
  X extends Partial<RouteConfig> = Record<never, never>,
>(method: M, path: P, tag: string, summary: string, request: Q, responses: R, extra?: X) {
  return createRoute({ method, path, tags: [tag], summary, request, responses, ...extra } as {
    method: M;
    path: P;
    tags: string[];
    summary: string;
    request: Q;
    responses: R;
  } & X);
}
