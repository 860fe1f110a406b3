import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/**
 * What staff did in the back-office and what was refused there: every change (ban, restart, package
 * edit, recovery e-mail, note, user-product lookup) and every admin call by someone not allowed.
 */
export const staffAudit = sqliteTable(
  'staff_audit',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    at: integer().notNull(),
    /** Who acted; null for an anonymous caller. */
    staffUid: integer('staff_uid').references(() => users.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull().default(''),
    /** What was done, e.g. `setBan`, or `denied` for a refused call. */
    action: text().notNull(),
    /** What it was done to: a number, a uid, a product id, or the refused call's path. */
    target: text().notNull().default(''),
    detail: text({ mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [index('staff_audit_at_idx').on(t.at), index('staff_audit_action_idx').on(t.action, t.at)],
);
export type StaffAuditRow = typeof staffAudit.$inferSelect;
