/**
 * The simulator playing Meta's Graph API for official numbers (engine `cloud`), so the demo runs
 * without Meta: point `WHATSAPP_CLOUD_API_URL` at `<app>/api/sim/graph`. Any token starting with
 * `sim-` is good for any number; a sent message answers a wamid and, like Meta, reports `sent` and
 * `delivered` through the webhook's store; `simCloudIncoming` plays a customer writing to the number.
 * Uploaded media live in this process's memory (a demo's few files).
 */
import { uuidv7 } from '../../shared/ids';
import type { ServiceCtx } from '../context';
import { storeCloudDelivery } from '../cloud/inbox';

export const SIM_TOKEN_PREFIX = 'sim-';

/** Meta's error object, as the simulated Graph API answers it. */
export class SimGraphError extends Error {
  constructor(
    readonly status: 400 | 401 | 404,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function metaErrorBody(e: SimGraphError) {
  return { error: { message: e.message, type: 'OAuthException', code: e.code, fbtrace_id: 'SIMULATED' } };
}

/** Checks the bearer token as Meta would (any `sim-…` token here). */
export function simGraphAuth(authorization: string | undefined): void {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
  if (!token.startsWith(SIM_TOKEN_PREFIX) || token.length < 8)
    throw new SimGraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
}

/** A simulated number's profile: +1 555 and the id's last seven digits. */
export function simNumberProfile(phoneNumberId: string) {
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

/** Takes a message as Meta would: its wamid, then `sent` and `delivered` statuses for the number's phone. */
export async function simGraphSend(
  ctx: ServiceCtx,
  phoneNumberId: string,
  body: Record<string, unknown>,
): Promise<{ wamid: string; to: string }> {
  if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string')
    throw new SimGraphError(400, 100, 'The parameter messaging_product is required.');
  const wamid = `wamid.SIM${uuidv7(ctx.now()).replace(/-/g, '')}`;
  const to = body.to;
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
