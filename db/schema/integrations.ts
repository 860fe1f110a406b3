import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { phones } from './phones';
import { products } from './products';

/**
 * Dialogflow ES agents linked to phones (3-developer §3 "Dialogflow integration"): one per phone.
 * The service account's JSON is sealed (services/secrets/box.ts); the page sees only the file name,
 * the account's e-mail and the last failure.
 */
export const dialogflowIntegrations = sqliteTable(
  'dialogflow_integrations',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    projectId: text().notNull(),
    languageCode: text().notNull(),
    credentials: text().notNull(),
    clientEmail: text().notNull(),
    fileName: text().notNull(),
    lastError: text(),
    lastErrorAt: integer(),
    lastAnswerAt: integer(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex('dialogflow_integrations_phone_idx').on(t.phoneId),
    index('dialogflow_integrations_pid_idx').on(t.pid),
  ],
);
export type DialogflowIntegrationRow = typeof dialogflowIntegrations.$inferSelect;

/**
 * Incoming messages waiting for their agent's answer: the durable queue of the Dialogflow job, so
 * message intake never waits for Google and a crash or an outage retries instead of dropping.
 */
export const dialogflowRequests = sqliteTable(
  'dialogflow_requests',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    integrationId: integer()
      .notNull()
      .references(() => dialogflowIntegrations.id, { onDelete: 'cascade' }),
    phoneId: integer().notNull(),
    /** The incoming message's id (one request per message). */
    messageId: text().notNull(),
    chatId: text().notNull(),
    text: text().notNull(),
    status: text({ enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer().notNull(),
    leaseUntil: integer().notNull().default(0),
    error: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex('dialogflow_requests_message_idx').on(t.messageId),
    index('dialogflow_requests_due_idx').on(t.status, t.nextAttemptAt),
    /** The loop guard counts a conversation's recent requests. */
    index('dialogflow_requests_chat_idx').on(t.phoneId, t.chatId, t.createdAt),
    index('dialogflow_requests_integration_idx').on(t.integrationId, t.status),
  ],
);
export type DialogflowRequestRow = typeof dialogflowRequests.$inferSelect;

/** A product's linked Google account (Sheets sender and Contacts); the refresh token is sealed. */
export const googleAccounts = sqliteTable('google_accounts', {
  pid: text()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  name: text().notNull(),
  refreshToken: text().notNull(),
  createdAt: integer().notNull(),
  updatedAt: integer().notNull(),
});
export type GoogleAccountRow = typeof googleAccounts.$inferSelect;
