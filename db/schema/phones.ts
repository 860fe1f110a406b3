import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { PHONE_STATUSES } from '../../src/shared/phone-status';
import { products } from './products';

/** The flags of the status call (2-phones §3 "Phone status response"). */
export interface PhoneStateFlags {
  loggedIn: boolean;
  isQr: boolean;
  loading: boolean;
  connRetry: boolean;
  message: string;
  version: string;
  multidevice: boolean;
  state: { state: string; canSend: boolean };
}

/** Free-form per-phone data (Phone.data in the spec). */
export interface PhoneData {
  useOldVersion?: boolean;
  [key: string]: unknown;
}

/**
 * A WhatsApp (or Instagram) phone instance of a product. The API reads it; the runner that holds the
 * phone's lease writes its session columns (status, state, qr, pairing code, me).
 */
export const phones = sqliteTable(
  'phones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text({ enum: ['whatsapp', 'instagram'] })
      .notNull()
      .default('whatsapp'),
    engine: text({ enum: ['sim', 'baileys', 'cloud'] }).notNull(),
    name: text().notNull().default(''),
    number: text(),
    enabled: integer({ mode: 'boolean' }).notNull().default(true),
    sandbox: integer({ mode: 'boolean' }).notNull().default(false),
    partnerMode: text({ enum: ['live', 'closed', 'trial'] }),
    status: text({ enum: PHONE_STATUSES }).notNull().default('creating...'),
    state: text({ mode: 'json' }).$type<PhoneStateFlags | null>(),
    qr: text(),
    pairingCode: text(),
    meName: text(),
    proxy: text(),
    proxyRegion: text(),
    webhook: text(),
    ackDelivery: integer({ mode: 'boolean' }),
    data: text({ mode: 'json' })
      .$type<PhoneData>()
      .notNull()
      .default(sql`'{}'`),
    /** Bumped by redeploy / factory reset / logout so the runner restarts the session. */
    generation: integer().notNull().default(0),
    statusAt: integer().notNull(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    index('phones_pid_idx').on(t.pid),
    index('phones_qr_idx').on(t.qr),
    // The back-office's lists: numbers and their accounts, phones by status, kind and sandbox.
    index('phones_number_idx').on(t.number, t.updatedAt),
    index('phones_status_idx').on(t.status),
    index('phones_type_idx').on(t.type),
    index('phones_sandbox_idx').on(t.sandbox),
  ],
);
export type PhoneRow = typeof phones.$inferSelect;

/** Every status change with its time: feeds the timelines and the status webhooks. */
export const phoneStatusLog = sqliteTable(
  'phone_status_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    message: text(),
    at: integer().notNull(),
  },
  (t) => [
    /** A phone's history in time order; `status` rides along so statusTimeline reads the index alone. */
    index('phone_status_log_phone_idx').on(t.phoneId, t.at, t.status),
  ],
);

/** Durable key-value credentials of a phone's session (Baileys auth state, the simulator's link). */
export const engineAuth = sqliteTable(
  'engine_auth',
  {
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.phoneId, t.key] })],
);

/** Chats a phone knows: from history sync, incoming and outgoing messages. */
export const chats = sqliteTable(
  'chats',
  {
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    jid: text().notNull(),
    name: text().notNull().default(''),
    type: text({ enum: ['chat', 'group', 'broadcast'] })
      .notNull()
      .default('chat'),
    lastText: text().notNull().default(''),
    lastAt: integer().notNull().default(0),
    unread: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.phoneId, t.jid] }), index('chats_recent_idx').on(t.phoneId, t.lastAt)],
);
export type ChatRow = typeof chats.$inferSelect;
