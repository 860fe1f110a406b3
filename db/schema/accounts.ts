import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Company details a customer keeps on their settings page (User.extra.company in the spec). */
export interface CompanyInfo {
  name?: string;
  vatNumber?: string;
  country?: string;
  state?: string;
  city?: string;
  street?: string;
  postcode?: string;
  phonenumber?: string;
}

/** Free-form user flags and details (User.extra in the spec). */
export interface UserExtra {
  company?: CompanyInfo;
  isRocket?: boolean;
  [key: string]: unknown;
}

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  company: text('company').notNull().default(''),
  phone: text('phone').notNull().default(''),
  passwordHash: text('password_hash'),
  googleSub: text('google_sub').unique(),
  isGoogle: integer('is_google', { mode: 'boolean' }).notNull().default(false),
  role: text('role', { enum: ['customer', 'admin', 'limited'] })
    .notNull()
    .default('customer'),
  extra: text('extra', { mode: 'json' })
    .$type<UserExtra>()
    .notNull()
    .default(sql`'{}'`),
  /** When the user last signed in (every new session sets it); the back-office footprint shows it. */
  lastLoginAt: integer('last_login_at'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
export type UserRow = typeof users.$inferSelect;

/** Sessions: the cookie carries a random token, the row only its SHA-256. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password reset tokens: single use, expiring, stored as SHA-256. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Fixed-window counters for rate limits, keyed by what is limited (account or address). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});
