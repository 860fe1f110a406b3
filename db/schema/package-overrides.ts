import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { products } from './products';

/**
 * A staff package edit (`/admin/setPackage`). Limits are kept as adjustments to what the product's
 * subscriptions grant (the limit staff set minus the grant at that moment), so `settle` adds them to
 * the limits it derives: later purchases, renewals and pauses still move the limits, the staff's edit
 * holds on top. `planId`, when set, fixes the product's package label.
 */
export const packageOverrides = sqliteTable('package_overrides', {
  pid: text()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  phoneDelta: integer().notNull().default(0),
  agentDelta: integer().notNull().default(0),
  instagramDelta: integer().notNull().default(0),
  planId: text(),
  staffUid: integer().references(() => users.id, { onDelete: 'set null' }),
  at: integer().notNull(),
});
export type PackageOverrideRow = typeof packageOverrides.$inferSelect;
