import { eq } from 'drizzle-orm';
import { googleAccounts } from '../../../db/schema';
import { ApiError } from '../../errors';
import { hitLimits } from '../auth/rate-limit';
import type { ServiceCtx } from '../context';
import { serverBox } from '../secrets/box';
import { accessTokenFor, googlePort } from './oauth';
import type { LinkedTokens } from './port';

const GOOGLE_NOT_LINKED = 'Please authorise your Google account first.';
const GOOGLE_REFUSED = 'Google refused the request; please authorise your Google account again.';

function binding(pid: string): string {
  return `google:${pid}`;
}

/** Keeps a product's linked account; the refresh token is sealed. */
export async function linkGoogleAccount(ctx: ServiceCtx, pid: string, linked: LinkedTokens): Promise<void> {
  const box = await serverBox(ctx);
  const now = ctx.now();
  const fields = {
    email: linked.email,
    name: linked.name,
    refreshToken: await box.seal(linked.refreshToken, binding(pid)),
    updatedAt: now,
  };
  await ctx.db
    .insert(googleAccounts)
    .values({ pid, createdAt: now, ...fields })
    .onConflictDoUpdate({ target: googleAccounts.pid, set: fields });
}

/** The product's linked account (e-mail and name), or null. */
export async function linkedGoogleAccount(
  ctx: ServiceCtx,
  pid: string,
): Promise<{ email: string; name: string } | null> {
  const row = await ctx.db
    .select({ email: googleAccounts.email, name: googleAccounts.name })
    .from(googleAccounts)
    .where(eq(googleAccounts.pid, pid))
    .get();
  return row ?? null;
}

/** Forgets the product's linked account. */
export async function unlinkGoogleAccount(ctx: ServiceCtx, pid: string): Promise<void> {
  await ctx.db.delete(googleAccounts).where(eq(googleAccounts.pid, pid));
}

/** Google API calls one product may make a minute (pages, contacts, sheets together): a loop cannot spend the project's quota. */
export const GOOGLE_CALLS_PER_MINUTE = 120;

/**
 * Calls a Google API as the product's linked account. A refused token (401) is dropped from the
 * cache and the refresh is tried once more; a refused refresh asks the user to authorise again.
 */
export async function asGoogleAccount(
  ctx: ServiceCtx,
  pid: string,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  await hitLimits(ctx, [{ key: `google:${pid}`, max: GOOGLE_CALLS_PER_MINUTE, windowMs: 60_000 }]);
  const row = await ctx.db.select().from(googleAccounts).where(eq(googleAccounts.pid, pid)).get();
  if (!row) throw new ApiError('CONFLICT', GOOGLE_NOT_LINKED);
  const refreshToken = await (await serverBox(ctx)).open(row.refreshToken, binding(pid));
  for (let attempt = 0; ; attempt++) {
    let token: string;
    try {
      token = await accessTokenFor(ctx, refreshToken);
    } catch (err) {
      throw err instanceof ApiError ? err : new ApiError('CONFLICT', GOOGLE_REFUSED);
    }
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    const res = await googlePort(ctx).send(url, { ...init, headers });
    if (res.status !== 401 || attempt > 0) return res;
    ctx.cache.googleTokens.delete(refreshToken);
  }
}

/** Google's error message of a failed answer. */
export async function googleError(res: Response): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string; status?: string } };
  return body.error?.message ?? `Google answered HTTP ${res.status}.`;
}
