import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Meta's Graph API as the WhatsApp Cloud API uses it, answering with the shapes
 * of Meta's reference: `GET /{version}/{phone_number_id}` (the number's profile), `POST
 * /{phone_number_id}/messages` (a wamid, or Meta's error object), `POST /{phone_number_id}/media`
 * (multipart upload), `GET /{media_id}` then the media URL (both with the bearer token) and
 * `GET /{waba_id}/message_templates`. Tokens are checked on every call.
 *
 * Throughput (issue 41): `GET /{phone_number_id}?fields=throughput` answers the number's tier
 * (`throughput`, STANDARD by default); with `enforceTier`, a send past the tier's messages in the last
 * second answers 130429 in Meta's error shape; `pairLimit` makes a recipient answer 131056 (pair rate)
 * so many times; `latencyMs` delays every send's answer (Meta's take 100-300 ms). Loopback only.
 */

export interface FakeCloudNumber {
  phoneNumberId: string;
  wabaId: string;
  token: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
}

export interface FakeGraph {
  url: string;
  version: string;
  numbers: FakeCloudNumber[];
  /** Bodies of POST /messages, in order, with the number they were sent from and when they arrived (performance.now()). */
  sent: { phoneNumberId: string; body: Record<string, unknown>; wamid: string; at: number }[];
  /** Uploads through /media: type, file name, bytes. */
  uploads: { phoneNumberId: string; type: string; filename: string; size: number; id: string }[];
  /** Media Meta holds for inbound messages: id → bytes and type. */
  media: Map<string, { data: Buffer; mime: string }>;
  /** Recipients whose 24-hour window is closed: free text to them answers 131047. */
  closedWindow: Set<string>;
  templates: Record<string, unknown>[];
  /** Every call: method, path, authorization header. */
  calls: { method: string; path: string; auth: string | undefined }[];
  /** The numbers' throughput tier (`throughput.level`). */
  throughput: 'STANDARD' | 'HIGH';
  /** Answer 130429 past the tier's messages a second. */
  enforceTier: boolean;
  /** With `enforceTier`: this many a second instead of the tier's (Meta holding a number below the tier it reports). */
  limitPerSecond?: number;
  /** How long each send waits before its answer (ms). */
  latencyMs: number;
  /** Recipient → how many more sends to it answer 131056 (pair rate). */
  pairLimit: Map<string, number>;
  /** Sends refused with 130429 and with 131056. */
  rateLimited: number;
  pairLimited: number;
  /** The most sends waiting for their answer at once. */
  maxConcurrent: number;
  close(): Promise<void>;
}

/** Messages a second of each tier (Meta's figures). */
export const FAKE_TIER_RATES = { STANDARD: 80, HIGH: 1_000 } as const;

export const FAKE_WABA_ID = '102290129340398';
export const FAKE_PHONE_NUMBER_ID = '106540352242922';
export const FAKE_TOKEN = 'EAAGood-fake-system-user-token';

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function metaError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  send(res, status, { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: 'AbCdEfGh123' } });
}

/** Starts the fake on a random local port with one official number (its token `FAKE_TOKEN`). */
export async function startFakeGraph(
  version = 'v21.0',
  opts: { throughput?: 'STANDARD' | 'HIGH'; enforceTier?: boolean; latencyMs?: number } = {},
): Promise<FakeGraph> {
  let n = 0;
  /** Arrival times of the accepted sends of the last second (a sliding window). */
  const arrivals: number[] = [];
  let first = 0;
  let concurrent = 0;
  const fake: Omit<FakeGraph, 'url' | 'close'> = {
    version,
    numbers: [
      {
        phoneNumberId: FAKE_PHONE_NUMBER_ID,
        wabaId: FAKE_WABA_ID,
        token: FAKE_TOKEN,
        display_phone_number: '+1 555-010-2030',
        verified_name: 'Acme Shoes',
        quality_rating: 'GREEN',
      },
    ],
    sent: [],
    uploads: [],
    media: new Map(),
    closedWindow: new Set(),
    templates: [
      {
        name: 'order_update',
        language: 'en_US',
        status: 'APPROVED',
        category: 'UTILITY',
        id: '594425479261596',
        components: [{ type: 'BODY', text: 'Your order {{1}} has shipped.' }],
      },
      {
        name: 'hello_world',
        language: 'en_US',
        status: 'APPROVED',
        category: 'UTILITY',
        id: '1192339204654487',
        components: [{ type: 'BODY', text: 'Hello World' }],
      },
    ],
    calls: [],
    throughput: opts.throughput ?? 'STANDARD',
    enforceTier: opts.enforceTier ?? false,
    latencyMs: opts.latencyMs ?? 0,
    pairLimit: new Map(),
    rateLimited: 0,
    pairLimited: 0,
    maxConcurrent: 0,
  };
  /** Whether one more send now stays within the tier (it is counted when it does). */
  const withinTier = (): boolean => {
    const now = performance.now();
    while (first < arrivals.length && arrivals[first]! <= now - 1000) first++;
    if (first > 4096) (arrivals.splice(0, first), (first = 0));
    if (fake.enforceTier && arrivals.length - first >= (fake.limitPerSecond ?? FAKE_TIER_RATES[fake.throughput]))
      return false;
    arrivals.push(now);
    return true;
  };
  let url = '';
  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://localhost');
      const auth = req.headers.authorization;
      fake.calls.push({ method: req.method ?? 'GET', path: u.pathname, auth });
      const token = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
      const raw = await readBody(req);
      const numberOf = (token: string) => fake.numbers.find((x) => x.token === token);
      const owner = numberOf(token);
      if (!owner) return metaError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      const download = /^\/download\/([\w-]+)$/.exec(u.pathname);
      if (download) {
        const m = fake.media.get(download[1]!);
        if (!m) return metaError(res, 404, 100, 'Media not found');
        res.writeHead(200, { 'content-type': m.mime });
        return res.end(m.data);
      }
      const parts = u.pathname.split('/').filter(Boolean);
      if (parts[0] !== version) return metaError(res, 400, 2500, 'Unknown path components');
      const [, id, edge] = parts;
      if (req.method === 'GET' && id && !edge) {
        const number = fake.numbers.find((x) => x.phoneNumberId === id);
        if (number) {
          if (number.token !== token)
            return metaError(
              res,
              400,
              100,
              `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            );
          if (u.searchParams.get('fields')?.split(',').includes('throughput'))
            return send(res, 200, { throughput: { level: fake.throughput }, id });
          return send(res, 200, {
            display_phone_number: number.display_phone_number,
            verified_name: number.verified_name,
            quality_rating: number.quality_rating,
            id,
          });
        }
        const media = fake.media.get(id);
        if (media)
          return send(res, 200, {
            messaging_product: 'whatsapp',
            url: `${url}/download/${id}`,
            mime_type: media.mime,
            sha256: 'fake',
            file_size: media.data.length,
            id,
          });
        return metaError(res, 400, 100, `Unsupported get request. Object with ID '${id}' does not exist.`);
      }
      if (req.method === 'GET' && edge === 'message_templates') {
        if (id !== owner.wabaId)
          return metaError(res, 400, 100, `Unsupported get request. Object with ID '${id}' does not exist.`);
        return send(res, 200, { data: fake.templates, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } });
      }
      if (req.method === 'POST' && edge === 'media') {
        if (id !== owner.phoneNumberId) return metaError(res, 400, 100, 'Invalid parameter');
        const form = await new Request('http://x', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: new Uint8Array(raw),
        }).formData();
        const file = form.get('file');
        if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob))
          return metaError(res, 400, 100, 'Invalid parameter');
        const mediaId = `${9000000000 + ++n}`;
        fake.uploads.push({
          phoneNumberId: id,
          type: String(form.get('type') ?? ''),
          filename: (file as File).name ?? '',
          size: file.size,
          id: mediaId,
        });
        return send(res, 200, { id: mediaId });
      }
      if (req.method === 'POST' && edge === 'messages') {
        if (id !== owner.phoneNumberId) return metaError(res, 400, 100, 'Invalid parameter');
        const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string')
          return metaError(res, 400, 100, 'The parameter messaging_product is required.');
        if (fake.closedWindow.has(body.to) && body.type !== 'template') {
          return metaError(res, 400, 131047, 'Re-engagement message', {
            error_data: {
              messaging_product: 'whatsapp',
              details:
                'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            },
          });
        }
        const arrivedAt = performance.now();
        if (!withinTier()) {
          fake.rateLimited++;
          return metaError(res, 400, 130429, 'Rate limit hit', {
            error_data: {
              messaging_product: 'whatsapp',
              details: 'Cloud API message throughput has been reached.',
            },
          });
        }
        const pair = fake.pairLimit.get(body.to) ?? 0;
        if (pair > 0) {
          fake.pairLimit.set(body.to, pair - 1);
          fake.pairLimited++;
          return metaError(res, 400, 131056, '(Business Account, Consumer Account) pair rate limit hit', {
            error_data: {
              messaging_product: 'whatsapp',
              details:
                'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
            },
          });
        }
        concurrent++;
        fake.maxConcurrent = Math.max(fake.maxConcurrent, concurrent);
        if (fake.latencyMs) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
        concurrent--;
        const wamid = `wamid.HBgLMTU1NTAxMDIwMzAVAgARGBI${String(++n).padStart(6, '0')}`;
        fake.sent.push({ phoneNumberId: id, body, wamid, at: arrivedAt });
        return send(res, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: wamid }],
        });
      }
      return metaError(res, 400, 100, 'Unsupported request');
    })().catch((err: unknown) => send(res, 500, { error: { message: String(err), code: 1 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

/** A delivery of Meta's webhook for one number: `messages` and/or `statuses` with the sender's profile. */
export function cloudDelivery(
  phoneNumberId: string,
  value: {
    messages?: Record<string, unknown>[];
    statuses?: Record<string, unknown>[];
    contacts?: Record<string, unknown>[];
  },
): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: FAKE_WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550102030', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}
