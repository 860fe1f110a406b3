import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { products } from './products';

/**
 * Live-chat agents of a product (2-phones §3 "Agent"). Agents are not console users: they sign in to
 * the agent chat app only, after confirming their e-mail with the mailed link. The link's token is
 * stored as its SHA-256 and burnt on use.
 */
export const agents = sqliteTable(
  'agents',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text().notNull().default(''),
    surname: text().notNull().default(''),
    passwordHash: text().notNull(),
    verified: integer({ mode: 'boolean' }).notNull().default(false),
    verifyTokenHash: text(),
    verifyExpiresAt: integer(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex('agents_pid_email_idx').on(t.pid, t.email),
    index('agents_email_idx').on(t.email),
    uniqueIndex('agents_verify_token_idx').on(t.verifyTokenHash),
  ],
);
export type AgentRow = typeof agents.$inferSelect;

/** Agent chat-app sessions: the cookie carries a random token, the row only its SHA-256. */
export const agentSessions = sqliteTable(
  'agent_sessions',
  {
    id: text().primaryKey(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
  },
  (t) => [index('agent_sessions_agent_idx').on(t.agentId)],
);
