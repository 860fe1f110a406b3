import { eq } from 'drizzle-orm';
import { products, users, type UserExtra, type UserRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { MSG } from '../../shared/schemas/auth';
import type { ServiceCtx } from '../context';
import { createProduct } from '../products/products';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { endResetLinks } from './reset-links';

/** What the browser sees of a user: never the hash or the Google subject. */
export function userView(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    company: u.company,
    phone: u.phone,
    isAuthenticated: true as const,
    isGoogle: u.isGoogle,
    hasPassword: u.passwordHash !== null,
    role: u.role,
    // The staff flags the back-office reads (4-admin §6) come from the role, never from stored extra.
    extra: { ...u.extra, admin: u.role === 'admin', limitedAgent: u.role === 'limited' },
  };
}

export async function findUserByEmail(ctx: ServiceCtx, email: string) {
  return ctx.db.select().from(users).where(eq(users.email, email)).get();
}

export async function getUser(ctx: ServiceCtx, id: number) {
  return ctx.db.select().from(users).where(eq(users.id, id)).get();
}

/** Creates a customer with their product; the e-mail must be free. */
export async function registerUser(
  ctx: ServiceCtx,
  input: { email: string; password?: string; name?: string; googleSub?: string; role?: UserRow['role'] },
): Promise<UserRow> {
  if (await findUserByEmail(ctx, input.email)) throw new ApiError('CONFLICT', MSG.mailUsed);
  const now = ctx.now();
  const passwordHash = input.password ? await hashPassword(input.password, ctx.config.PASSWORD_HASH_ITERATIONS) : null;
  const user = await ctx.db
    .insert(users)
    .values({
      email: input.email,
      name: input.name ?? '',
      passwordHash,
      googleSub: input.googleSub ?? null,
      isGoogle: Boolean(input.googleSub),
      role: input.role ?? 'customer',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!user) throw new ApiError('CONFLICT', MSG.mailUsed);
  await createProduct(ctx, user.id);
  return user;
}

/** Checks credentials in the same time whether or not the e-mail is known. */
export async function authenticate(ctx: ServiceCtx, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(ctx, email);
  if (!user?.passwordHash) {
    await burnPasswordCheck(password, ctx.config.PASSWORD_HASH_ITERATIONS);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

export async function setPassword(ctx: ServiceCtx, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password, ctx.config.PASSWORD_HASH_ITERATIONS);
  await ctx.db.update(users).set({ passwordHash, updatedAt: ctx.now() }).where(eq(users.id, userId));
  await endResetLinks(ctx, userId);
}

export async function updateUser(
  ctx: ServiceCtx,
  userId: number,
  patch: { name?: string; phone?: string; company?: string; extra?: UserExtra },
): Promise<UserRow> {
  const current = await getUser(ctx, userId);
  if (!current) throw new ApiError('NOT_FOUND', 'User not found.');
  const extra = patch.extra ? { ...current.extra, ...patch.extra } : current.extra;
  const row = await ctx.db
    .update(users)
    .set({
      name: patch.name ?? current.name,
      phone: patch.phone ?? current.phone,
      company: patch.company ?? current.company,
      extra,
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, userId))
    .returning()
    .get();
  return row!;
}

/** The product of a user (every customer has exactly one). */
export async function productOfUser(ctx: ServiceCtx, userId: number) {
  return ctx.db.select().from(products).where(eq(products.uid, userId)).get();
}
