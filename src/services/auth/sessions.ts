import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions, users } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { randomToken, sha256Hex } from './crypto';

const DAY = 24 * 60 * 60 * 1000;

/** Creates a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(ctx: ServiceCtx, userId: number): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken(32);
  const now = ctx.now();
  const expiresAt = now + ctx.config.SESSION_DAYS * DAY;
  await ctx.db.insert(sessions).values({ id: await sha256Hex(token), userId, createdAt: now, expiresAt });
  // Every sign-in (password, Google, sign-up) makes a session, so this is the user's last login.
  await ctx.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  return { token, expiresAt };
}

/**
 * The session lookup runs on every console request, so its SQL is built once per connection (a
 * statement of that connection, not cached data: nothing in it goes stale).
 */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare();
}
function lookupStatement(db: Db) {
  let stmt = lookups.get(db);
  if (!stmt) lookups.set(db, (stmt = prepareLookup(db)));
  return stmt;
}

/**
 * Looks a session token up. Sliding expiry: once less than half the lifetime is left the session is
 * extended, and `renewedUntil` tells the caller to refresh the cookie.
 */
export async function validateSession(ctx: ServiceCtx, token: string) {
  const id = await sha256Hex(token);
  const now = ctx.now();
  const row = await lookupStatement(ctx.db).get({ id, now });
  if (!row) return null;
  const lifetime = ctx.config.SESSION_DAYS * DAY;
  let renewedUntil: number | undefined;
  if (row.session.expiresAt - now < lifetime / 2) {
    renewedUntil = now + lifetime;
    await ctx.db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user, renewedUntil };
}

export async function deleteSession(ctx: ServiceCtx, token: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.id, await sha256Hex(token)));
}

/** Ends every session of a user (after a password change or reset). */
export async function deleteUserSessions(ctx: ServiceCtx, userId: number): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
}
