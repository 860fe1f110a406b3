/**
 * Data of the integrations pages (3-developer §2.10, §2.1): the linked Google account and its
 * contacts, the Sheets sender's runs, and the Dialogflow agents of the phones.
 */
import { atom } from 'nanostores';
import type { z } from 'zod';
import type {
  DialogflowIntegration,
  getDialogflowAnswer,
  upsertDialogflowAnswer,
  addContactAnswer,
  googleStatusAnswer,
  SheetSenderAnswer,
} from '../../src/shared/schemas/integrations';
import { toCsv } from '../../src/shared/csv';
import { GOOGLE_NOT_CONFIGURED, SHEETS_FAILURE } from '../../src/shared/google-messages';
import { apiPost, ApiError, csrfToken, formBody } from '../lib/api';
import { getConfig } from '../lib/bootstrap';
import { MSG } from '../lib/messages';

export type GoogleStatus = z.infer<typeof googleStatusAnswer>;
export type { DialogflowIntegration, SheetSenderAnswer };
export type IntegrationPage = '/integrations' | '/integrations/sheets' | '/integrations/contacts';

/** The linked account (or where to authorise); null while loading. */
export const $google = atom<GoogleStatus | null>(null);
/** Why the account could not be read (Google not configured on the server, say). */
export const $googleError = atom('');

/**
 * Reads the linked account; Google's consent, when needed, comes back to `page`. A server without
 * Google credentials says so in the bootstrap: then nothing is asked (it would answer 501 on every load).
 */
export async function loadGoogle(page: IntegrationPage): Promise<void> {
  if (!getConfig().googleEnabled) {
    $google.set(null);
    $googleError.set(GOOGLE_NOT_CONFIGURED);
    return;
  }
  $googleError.set('');
  try {
    $google.set(await apiPost<GoogleStatus>('/api/integrations/google', { return_to: page }));
  } catch (e) {
    $google.set(null);
    $googleError.set(e instanceof Error ? e.message : String(e));
  }
}

/** Forgets the linked account and reads the status again. */
export async function unlinkGoogle(page: IntegrationPage): Promise<void> {
  await apiPost('/api/integrations/google/unlink', {});
  await loadGoogle(page);
}

/** Adds a contact to the linked account; a number already there fails with the spec's message. */
export async function addGoogleContact(contact: {
  givenName: string;
  familyName: string;
  number: string;
}): Promise<z.infer<typeof addContactAnswer>> {
  return apiPost<z.infer<typeof addContactAnswer>>('/api/integrations/google/add-contact', { contact });
}

/** Runs the sender; its answer comes back whether the run succeeded or not, so every row's result can be shown. */
export async function sendSheet(input: {
  phoneID: string;
  spreadsheetId?: string;
  rows?: unknown[][];
  file_name?: string;
}): Promise<SheetSenderAnswer> {
  let res: Response;
  try {
    res = await fetch('/api/googlesheets/sheetsender', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-csrf-token': csrfToken() },
      body: formBody(input),
    });
  } catch {
    throw new ApiError(MSG.network, 0);
  }
  const body = (await res.json().catch(() => null)) as (SheetSenderAnswer & { error?: { message?: string } }) | null;
  if (res.ok && body && Array.isArray(body.results)) return body;
  throw new ApiError(body?.error?.message ?? SHEETS_FAILURE, res.status, Boolean(body?.error?.message));
}

/** The rows of an uploaded campaign file (.xlsx, .xls, .csv): the first sheet, read with SheetJS, loaded only now. */
export async function readCampaignFile(file: File): Promise<unknown[][]> {
  const XLSX = await import('@e965/xlsx');
  const book = /\.csv$/i.test(file.name)
    ? XLSX.read(await file.text(), { type: 'string', raw: true })
    : XLSX.read(await file.arrayBuffer(), { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, raw: true, defval: '' });
}

/** A run's per-row results as CSV, for the download. */
export function resultsCsv(results: SheetSenderAnswer['results']): string {
  return toCsv([
    ['row', 'type', 'to_number', 'status', 'message_id', 'error'],
    ...results.map((r) => [r.row, r.type, r.to_number, r.status, r.message_id, r.error]),
  ]);
}

/** The phone's agent (or the product's newest when no phone is chosen). */
export async function loadDialogflow(phoneId: string): Promise<z.infer<typeof getDialogflowAnswer>> {
  return apiPost<z.infer<typeof getDialogflowAnswer>>(
    '/api/dialogflow/getIntegration',
    phoneId ? { selectedPhone: Number(phoneId) } : {},
  );
}

/** Links a phone to an agent with its key file. */
export async function saveDialogflow(input: {
  phone_id: string;
  project_id: string;
  languageCode: string;
  credentials: string;
  file_name: string;
}): Promise<z.infer<typeof upsertDialogflowAnswer>> {
  return apiPost<z.infer<typeof upsertDialogflowAnswer>>('/api/dialogflow/upsertIntegration', {
    ...input,
    phone_id: Number(input.phone_id),
  });
}
