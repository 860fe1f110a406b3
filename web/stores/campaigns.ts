import { atom } from 'nanostores';
import { CONSOLE_CLIENT, CONSOLE_CLIENT_HEADER } from '../../src/shared/console-client';
import { ApiError, call, TOKEN_HEADER } from '../lib/api';
import {
  CAMPAIGN_RECIPIENTS_MAX,
  type AudienceEntry,
  type Campaign,
  type CampaignRecipient,
  type FilePreview,
  type RecipientPage,
} from '../lib/campaigns';
import type { campaignFields } from '../lib/campaign-form';
import { MSG } from '../lib/messages';
import { credentials, errorMessage } from '../lib/messaging-api';

/** The product's campaigns, newest first; null until loaded. */
export const $campaigns = atom<Campaign[] | null>(null);
/** The list's load failure, else empty. */
export const $campaignsError = atom('');

const url = (path: string) => `/api/${credentials().pid}/campaigns${path}`;
const get = <T>(path: string) => call<T>('GET', url(path), undefined, { token: credentials().token });
const post = <T>(path: string, body: unknown) =>
  call<T>('POST', url(path), body, { token: credentials().token, json: true });

/** Loads the list (`GET /campaigns`). */
export async function loadCampaigns(): Promise<void> {
  try {
    const body = await get<{ data: Campaign[] }>('');
    $campaigns.set(body.data);
    $campaignsError.set('');
  } catch (e) {
    $campaignsError.set(errorMessage(e));
  }
}

/** `GET /campaigns/{id}`. */
export async function fetchCampaign(id: string): Promise<Campaign> {
  return (await get<{ data: Campaign }>(`/${encodeURIComponent(id)}`)).data;
}

/** One page of a campaign's recipients, of one status or all. */
export async function fetchRecipients(id: string, status: string, cursor: string | null): Promise<RecipientPage> {
  const q = new URLSearchParams();
  if (status) q.set('status', status);
  if (cursor) q.set('cursor', cursor);
  const qs = q.toString();
  const body = await get<{ data: CampaignRecipient[]; next_cursor?: string | null; cursor?: string | null }>(
    `/${encodeURIComponent(id)}/recipients${qs ? `?${qs}` : ''}`,
  );
  return { data: body.data, next_cursor: body.next_cursor ?? body.cursor ?? null };
}

/** Every recipient of a campaign with a status (all when ''), page after page, as an audience. */
export async function recipientsAsAudience(id: string, status: string): Promise<AudienceEntry[]> {
  const out: AudienceEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchRecipients(id, status, cursor);
    for (const r of page.data) out.push({ number: r.number, variables: r.variables ?? {} });
    cursor = page.next_cursor;
  } while (cursor && out.length <= CAMPAIGN_RECIPIENTS_MAX);
  return out;
}

/** Pauses, resumes or cancels a campaign; answers it as it is now. */
export async function campaignAction(id: string, action: 'pause' | 'resume' | 'cancel'): Promise<void> {
  await post(`/${encodeURIComponent(id)}/${action}`, {});
}

export interface Created {
  id: string | number;
  status: string;
  total: number;
  invalid: number;
  duplicates: number;
  opted_out: number;
}

/** Creates a campaign from a list of recipients (JSON). */
export async function createCampaign(
  fields: ReturnType<typeof campaignFields>,
  recipients: readonly AudienceEntry[],
): Promise<Created> {
  return (await post<{ data: Created }>('', { ...fields, recipients })).data;
}

/** A multipart call with the product token; the project's error shape becomes ApiError. */
async function upload<T>(path: string, form: FormData): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url(path), {
      method: 'POST',
      credentials: 'omit',
      headers: {
        [TOKEN_HEADER]: credentials().token,
        [CONSOLE_CLIENT_HEADER]: CONSOLE_CLIENT,
        accept: 'application/json',
      },
      body: form,
    });
  } catch {
    throw new ApiError(MSG.network, 0);
  }
  const body = (await res.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    error?: { message?: string; code?: string };
  } | null;
  if (!res.ok || !body || body.success === false) {
    const message = body?.error?.message || body?.message || `${res.status} ${res.statusText}`.trim();
    throw new ApiError(message, res.status, Boolean(body?.error?.message || body?.message), body?.error?.code);
  }
  return body as T;
}

/** Reads an uploaded CSV/xlsx on the server: its columns and first rows, for the column picker. */
export async function previewFile(file: File): Promise<FilePreview> {
  const form = new FormData();
  form.set('file', file);
  const body = await upload<{ data: FilePreview }>('/preview-file', form);
  return body.data;
}

/** Creates a campaign from an uploaded CSV/xlsx: `numberColumn` holds the numbers, the other columns are variables. */
export async function createCampaignFromFile(
  fields: ReturnType<typeof campaignFields>,
  file: File,
  numberColumn: string,
): Promise<Created> {
  const form = new FormData();
  form.set('file', file);
  form.set('number_column', numberColumn);
  form.set('name', fields.name);
  form.set('phone_ids', JSON.stringify(fields.phone_ids));
  form.set('message', JSON.stringify(fields.message));
  if (fields.schedule_at) form.set('schedule_at', fields.schedule_at);
  return (await upload<{ data: Created }>('', form)).data;
}

/**
 * Downloads a campaign's recipients as CSV. The file is fetched with the token in a header (never in
 * an address, where logs keep it) and saved from a blob URL.
 */
export async function downloadRecipientsCsv(id: string, name: string): Promise<void> {
  const res = await fetch(url(`/${encodeURIComponent(id)}/recipients.csv`), {
    credentials: 'omit',
    headers: { [TOKEN_HEADER]: credentials().token, [CONSOLE_CLIENT_HEADER]: CONSOLE_CLIENT },
  }).catch(() => null);
  if (!res?.ok) throw new ApiError(res ? `${res.status} ${res.statusText}`.trim() : MSG.network, res?.status ?? 0);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = `${name.replace(/[^\w.-]+/g, '_') || 'campaign'}-recipients.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
