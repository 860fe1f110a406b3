import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../env';
import { payload } from '../../middleware/payload';
import { getPhone, type PhoneRow } from '../../services/phones/phones';
import { body, endpoint, type ok } from '../kit/declare';
import { phoneParams } from '../../shared/schemas/messaging/requests';

/** A per-phone call's context: its path declares `phone_id`. */
export type PhoneCtx = Context<AppEnv, string, { out: { param: { phone_id: string } } }>;

/** The phone a per-phone call names; another product's phone answers 404. */
export function phoneOf(c: PhoneCtx): Promise<PhoneRow> {
  return getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
}

/** This server's origin as the caller reached it: answers make picture paths absolute with it. */
export function originOf(c: PhoneCtx): string {
  return new URL(c.req.url).origin;
}

/** A per-phone GET call that takes nothing but the phone id: `endpoint()` with the phone's path parameter. */
export function phoneGet<R extends ReturnType<typeof ok>>(tag: string, path: string, summary: string, responses: R) {
  return endpoint('get', path, tag, summary, { params: phoneParams }, responses);
}

/** A per-phone POST call whose body `schema` describes: `endpoint()` with the phone's path parameter and the payload middleware. */
export function phonePost<B extends z.ZodType, R extends ReturnType<typeof ok>>(
  tag: string,
  path: string,
  summary: string,
  schema: B,
  responses: R,
  maxBytes?: number,
) {
  return endpoint('post', path, tag, summary, { params: phoneParams, body: body(schema) }, responses, {
    middleware: [payload(maxBytes)] as const,
  });
}
