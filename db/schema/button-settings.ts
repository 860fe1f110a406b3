import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './products';

/**
 * The console's chat-button generator settings (/button), one row per product, so they follow the
 * customer to another browser. The JSON is the form as `buttonSettings` (src/shared/schemas/console/button.ts)
 * checked it on the way in.
 */
export const buttonSettings = sqliteTable('button_settings', {
  pid: text()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  settings: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  updatedAt: integer().notNull(),
});
export type ButtonSettingsRow = typeof buttonSettings.$inferSelect;
