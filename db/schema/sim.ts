import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Groups of the simulated WhatsApp network (shared by every runner on the database). */
export const simGroups = sqliteTable('sim_groups', {
  id: text().primaryKey(),
  name: text().notNull(),
  owner: text().notNull(),
  participants: text({ mode: 'json' }).$type<string[]>().notNull(),
  admins: text({ mode: 'json' }).$type<string[]>().notNull(),
  /** Numbers that were removed from the group (getGroups?removed=true). */
  removed: text({ mode: 'json' }).$type<string[]>().notNull(),
  config: text({ mode: 'json' })
    .$type<{ edit: 'admins' | 'all'; send: 'admins' | 'all'; disappear: boolean }>()
    .notNull(),
  suspended: integer({ mode: 'boolean' }).notNull().default(false),
  invite: text().notNull(),
  image: text(),
  createdAt: integer().notNull(),
});
export type SimGroupRow = typeof simGroups.$inferSelect;

/**
 * The simulated network's wire: every message it accepted, by WhatsApp id. A sender that died between
 * handing a message over and recording it finds here whether it went out.
 */
export const simWire = sqliteTable('sim_wire', {
  waId: text().primaryKey(),
  fromNumber: text().notNull(),
  toJid: text().notNull(),
  type: text().notNull(),
  payload: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  at: integer().notNull(),
});
