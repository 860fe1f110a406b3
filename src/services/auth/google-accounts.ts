import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { findUserByEmail, registerUser } from './users';

type Outcome = { ok: true; user: UserRow; created: boolean } | { ok: false; reason: string };

/**
 * Finds or creates the account for a Google identity: by Google subject first, then by e-mail
 * (linking only when Google has verified that e-mail), else a new account with its product.
 */
export async function signInWithGoogle(ctx: ServiceCtx, claims: Record<string, unknown>): Promise<Outcome> {
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const name = typeof claims.name === 'string' ? claims.name.slice(0, 100) : '';
  if (!sub) return { ok: false, reason: 'Google sign-in failed: no account id was returned.' };

  const bySub = await ctx.db.select().from(users).where(eq(users.googleSub, sub)).get();
  if (bySub) return { ok: true, user: bySub, created: false };
  if (!email || !verified) return { ok: false, reason: 'Google sign-in needs a verified e-mail address.' };

  const byEmail = await findUserByEmail(ctx, email);
  if (byEmail) {
    const linked = await ctx.db
      .update(users)
      .set({ googleSub: sub, isGoogle: true, name: byEmail.name || name, updatedAt: ctx.now() })
      .where(eq(users.id, byEmail.id))
      .returning()
      .get();
    return { ok: true, user: linked!, created: false };
  }
  const user = await registerUser(ctx, { email, name, googleSub: sub });
  return { ok: true, user, created: true };
}
