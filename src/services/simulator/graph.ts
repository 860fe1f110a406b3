/**
 * The simulator playing Meta's Graph API for official numbers (engine `cloud`), so the demo runs
 * without Meta: point `WHATSAPP_CLOUD_API_URL` at `<app>/api/sim/graph`. Any token starting with
 * `sim-` is good for any number; a sent message answers a wamid and, like Meta, reports `sent` and
 * `delivered` through the webhook's store; `simCloudIncoming` plays a customer writing to the number.
 * Uploaded media live in this process's memory (a demo's few files).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { cloudInbox, phones } from '../../../db/schema';
import { uuidv7 } from '../../shared/ids';
import type { ServiceCtx } from '../context';
import { storeCloudDelivery } from '../cloud/inbox';
import { REENGAGEMENT_CODE } from '../../engines/cloud/graph';

const SIM_TOKEN_PREFIX = 'sim-';

/** Meta's error object, as the simulated Graph API answers it. */
export class SimGraphError extends Error {
  constructor(
    readonly status: 400 | 401 | 404,
    readonly code: number,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

export function metaErrorBody(e: SimGraphError) {
  return {
    error: {
      message: e.message,
      type: 'OAuthException',
      code: e.code,
      ...(e.details ? { error_data: { messaging_product: 'whatsapp', details: e.details } } : {}),
      fbtrace_id: 'SIMULATED',
    },
  };
}

/** Meta's customer-service window: free-form messages only within 24 hours of the customer's last message. */
const SERVICE_WINDOW_MS = 24 * 3_600_000;

/** Meta's answer to a free-form message outside the window (131047). */
const REENGAGEMENT = {
  code: REENGAGEMENT_CODE,
  message: 'Re-engagement message',
  details:
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
};

/**
 * When `from` last wrote to the number Meta calls `phoneNumberId` (its deliveries the simulator
 * stored, kept 8 days after they are handled), or null if never within that time.
 */
async function lastInboundAt(ctx: Pick<ServiceCtx, 'db'>, phoneNumberId: string, from: string): Promise<number | null> {
  const row = await ctx.db
    .select({ at: cloudInbox.receivedAt })
    .from(cloudInbox)
    .innerJoin(phones, eq(phones.id, cloudInbox.phoneId))
    .where(
      and(
        eq(phones.engine, 'cloud'),
        sql`json_extract(${phones.data}, '$.cloud.phone_number_id') = ${phoneNumberId}`,
        eq(cloudInbox.kind, 'message'),
        sql`json_extract(${cloudInbox.payload}, '$.from') = ${from}`,
      ),
    )
    .orderBy(desc(cloudInbox.receivedAt))
    .limit(1)
    .get();
  return row?.at ?? null;
}

/** Checks the bearer token as Meta would (any `sim-…` token here). */
export function simGraphAuth(authorization: string | undefined): void {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
  if (!token.startsWith(SIM_TOKEN_PREFIX) || token.length < 8)
    throw new SimGraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
}

/** A simulated number's profile: +1 555 and the id's last seven digits. */
export function simNumberProfile(phoneNumberId: string, fields?: string) {
  // `fields=throughput` asks for the number's messaging tier: the simulator's numbers are STANDARD (80/s).
  if (fields?.split(',').includes('throughput')) return { throughput: { level: 'STANDARD' }, id: phoneNumberId };
  const tail = phoneNumberId.slice(-7).padStart(7, '0');
  return {
    display_phone_number: `+1 555-${tail.slice(0, 3)}-${tail.slice(3)}`,
    verified_name: 'Simulated Business',
    quality_rating: 'GREEN',
    id: phoneNumberId,
  };
}

export const SIM_TEMPLATES = [
  {
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '1000000000000001',
    components: [{ type: 'BODY', text: 'Hello World' }],
  },
  {
    name: 'order_update',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '1000000000000002',
    components: [{ type: 'BODY', text: 'Your order {{1}} has shipped.' }],
  },
];

const MEDIA_KEEP = 200;
const media = new Map<string, { data: Uint8Array; mime: string }>();

export function simUpload(data: Uint8Array, mime: string): string {
  const id = `${Date.now()}${Math.floor(Math.random() * 1_000)}`.slice(0, 16);
  media.set(id, { data, mime });
  while (media.size > MEDIA_KEEP) media.delete(media.keys().next().value!);
  return id;
}

export function simMedia(id: string): { data: Uint8Array; mime: string } | undefined {
  return media.get(id);
}

const seconds = (ctx: Pick<ServiceCtx, 'now'>) => String(Math.floor(ctx.now() / 1000));

/**
 * Takes a message as Meta would: its wamid, then `sent` and `delivered` statuses for the number's
 * phone. Like Meta, only a template may go to a customer who has not written in the last 24 hours
 * (or never wrote); anything else answers 131047.
 */
export async function simGraphSend(
  ctx: ServiceCtx,
  phoneNumberId: string,
  body: Record<string, unknown>,
): Promise<{ wamid: string; to: string }> {
  if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string')
    throw new SimGraphError(400, 100, 'The parameter messaging_product is required.');
  const to = body.to;
  if (body.type !== 'template') {
    const last = await lastInboundAt(ctx, phoneNumberId, to);
    if (last === null || ctx.now() - last > SERVICE_WINDOW_MS)
      throw new SimGraphError(400, REENGAGEMENT.code, REENGAGEMENT.message, REENGAGEMENT.details);
  }
  const wamid = `wamid.SIM${uuidv7(ctx.now()).replace(/-/g, '')}`;
  const statuses = ['sent', 'delivered'].map((status) => ({
    id: wamid,
    status,
    timestamp: seconds(ctx),
    recipient_id: to,
  }));
  // After the answer, as Meta's statuses come after its answer.
  setTimeout(() => void storeCloudDelivery(ctx, delivery(phoneNumberId, { statuses })).catch(() => undefined), 50);
  return { wamid, to };
}

function delivery(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'SIMULATED',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  };
}

/** A simulated customer writes to an official number: stored as Meta's webhook would deliver it. */
export async function simCloudIncoming(
  ctx: ServiceCtx,
  phoneNumberId: string,
  from: string,
  text: string,
  name = '',
): Promise<{ id: string; stored: number }> {
  const id = `wamid.SIMIN${uuidv7(ctx.now()).replace(/-/g, '')}`;
  const out = await storeCloudDelivery(
    ctx,
    delivery(phoneNumberId, {
      contacts: [{ profile: { name: name || from }, wa_id: from }],
      messages: [{ from, id, timestamp: seconds(ctx), type: 'text', text: { body: text } }],
    }),
  );
  return { id, stored: out.stored };
}
