import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/** Product settings (Product.settings in the spec). The API token lives in its own column. */
export interface ProductSettings {
  subscription_package?: string | null;
  phone_limit?: number;
  agent_limit?: number;
  instagram_limit?: number;
  phone9?: boolean;
  phone15?: boolean;
  phone19?: boolean;
  phone25?: boolean;
  update_limited?: boolean;
  partner?: boolean;
  live?: { token?: string; stoken?: string };
  [key: string]: unknown;
}

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: text('product_type').notNull(),
    /** The API token's keyed hash (`h1.`, HMAC-SHA256 under SECRETS_KEY), looked up on every messaging call. */
    apiTokenHash: text('api_token').notNull().unique(),
    /** The API token sealed with SECRETS_KEY (services/secrets/product-secrets.ts), for the console to show. */
    apiTokenSealed: text('api_token_sealed'),
    settings: text('settings', { mode: 'json' })
      .$type<ProductSettings>()
      .notNull()
      .default(sql`'{}'`),
    trial: integer('trial', { mode: 'boolean' }),
    /** Product webhook (setWebhook) and whether acks are delivered to it (setAckPreference). */
    webhook: text('webhook'),
    ackDelivery: integer('ack_delivery', { mode: 'boolean' }).notNull().default(false),
    /** Standard Webhooks signing secret (`whsec_...`), shown on the webhook page; stored sealed with SECRETS_KEY. */
    webhookSecret: text('webhook_secret'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('products_uid_idx').on(t.uid)],
);
export type ProductRow = typeof products.$inferSelect;
