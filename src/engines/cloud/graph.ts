/**
 * The Graph API over `fetch` (Node and Workers alike): the calls the official WhatsApp Cloud API
 * needs, and Meta's error object read into one error. `apiUrl` is `WHATSAPP_CLOUD_API_URL` (tests and
 * the demo point it at a local fake), `version` is `WHATSAPP_CLOUD_API_VERSION`.
 */

export interface GraphOptions {
  apiUrl: string;
  version: string;
  fetch?: typeof fetch;
}

/** Meta's error (`{"error": {"message", "type", "code", "error_data": {"details"}}}`), or a network failure (status 0). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details?: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** Meta's code for free text outside the 24-hour customer-service window. */
export const REENGAGEMENT_CODE = 131047;

/** Meta's pair rate: this recipient was messaged too often (that chat backs off, not the number). */
export const PAIR_RATE_CODE = 131056;

/** Messages a second each throughput tier allows (`GET /{phone_number_id}?fields=throughput`). */
const TIER_RATES: Record<string, number> = { STANDARD: 80, HIGH: 1_000 };
/** The tier of a number whose tier is not known (yet): every registered number has at least this. */
export const DEFAULT_TIER_RATE = TIER_RATES.STANDARD!;

/** Codes Meta answers when a number sends too fast (retried later). */
const RATE_CODES = new Set([4, 80007, 130429, 131048, 131056]);

export function isRateLimit(err: GraphError): boolean {
  return err.status === 429 || RATE_CODES.has(err.code);
}

function urlOf(o: GraphOptions, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${o.apiUrl.replace(/\/+$/, '')}/${o.version}/${path.replace(/^\/+/, '')}`;
}

async function errorOf(res: Response): Promise<GraphError> {
  const text = await res.text().catch(() => '');
  let body: { error?: { message?: string; code?: number; error_data?: { details?: string } } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: the status says enough.
  }
  const e = body.error ?? {};
  return new GraphError(
    res.status,
    Number(e.code ?? 0),
    e.message || `The Graph API answered ${res.status}.`,
    e.error_data?.details,
  );
}

/** A Graph API call with the bearer token; the parsed JSON answer, or a `GraphError`. */
export async function graph<T>(
  o: GraphOptions,
  token: string,
  path: string,
  init: { method?: string; json?: unknown; form?: FormData; query?: Record<string, string> } = {},
): Promise<T> {
  const url = new URL(urlOf(o, path));
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = init.form;
  }
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new GraphError(
      0,
      0,
      `The Graph API could not be reached: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

/** A media file's bytes from the URL `GET /{media_id}` gave (the bearer token is needed there too). */
export async function graphBytes(
  o: GraphOptions,
  token: string,
  url: string,
): Promise<{ data: Uint8Array; mime: string }> {
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(60_000),
    });
  } catch (err) {
    throw new GraphError(
      0,
      0,
      `The media could not be downloaded: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!res.ok) throw await errorOf(res);
  return {
    data: new Uint8Array(await res.arrayBuffer()),
    mime: res.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream',
  };
}

/** What `GET /{phone_number_id}` answers for a number the token may use. */
export interface PhoneNumberInfo {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating?: string;
}

export function phoneNumberInfo(o: GraphOptions, token: string, phoneNumberId: string): Promise<PhoneNumberInfo> {
  return graph<PhoneNumberInfo>(o, token, encodeURIComponent(phoneNumberId), {
    query: { fields: 'display_phone_number,verified_name,quality_rating' },
  });
}

/** A number's messages a second from its throughput tier (`throughput.level`); an unknown level counts as STANDARD. */
export async function throughputRate(o: GraphOptions, token: string, phoneNumberId: string): Promise<number> {
  const res = await graph<{ throughput?: { level?: string } }>(o, token, encodeURIComponent(phoneNumberId), {
    query: { fields: 'throughput' },
  });
  return TIER_RATES[String(res.throughput?.level ?? '').toUpperCase()] ?? DEFAULT_TIER_RATE;
}

/** One template of `GET /{waba_id}/message_templates`. */
export interface CloudTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: Record<string, unknown>[];
}

export async function messageTemplates(o: GraphOptions, token: string, wabaId: string): Promise<CloudTemplate[]> {
  const out: CloudTemplate[] = [];
  let next: string | undefined = encodeURIComponent(wabaId) + '/message_templates';
  // Meta pages the list; a few pages at most (250 a page).
  for (let page = 0; next && page < 10; page++) {
    const res: { data?: CloudTemplate[]; paging?: { next?: string } } = await graph(
      o,
      token,
      next,
      page === 0 ? { query: { limit: '250' } } : {},
    );
    out.push(...(res.data ?? []));
    next = res.paging?.next;
  }
  return out;
}
