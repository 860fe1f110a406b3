import { createMiddleware } from 'hono/factory';
import type { AppContext, AppEnv } from '../env';
import { ApiError } from '../errors';
import { pickAudience, readAudienceFile, type AudienceFile } from '../services/campaigns/audience-file';
import { payload } from './payload';

const MULTIPART = /^multipart\/form-data/i;

function tooLarge(max: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `The request body is too large (at most ${max} bytes).`);
}

/** The form of an upload, its size judged from the header first (a chunked body is bounded by the app's limit). */
type Form = { get(name: string): string | File | undefined };
async function formOf(c: AppContext, max: number): Promise<Form> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > max) throw tooLarge(max);
  // parseBody caches what it read: the declaration's form validator and this share one reading.
  const fields = await c.req.parseBody().catch(() => {
    throw new ApiError('BAD_REQUEST', 'The form body could not be read.');
  });
  return { get: (name) => (Array.isArray(fields[name]) ? undefined : (fields[name] as string | File | undefined)) };
}

/** The uploaded `file` field, read as an audience (CSV or spreadsheet, SheetJS). */
async function fileOf(form: Form): Promise<AudienceFile> {
  const file = form.get('file');
  if (!file || typeof file === 'string')
    throw new ApiError('VALIDATION', 'file is required: a CSV or xlsx file of the recipients.', {
      fields: { file: 'required' },
    });
  return readAudienceFile(new Uint8Array(await file.arrayBuffer()), file.name || 'audience.csv');
}

/** A form field that carries JSON (`message`, `phone_ids`), or its text when it is not JSON. */
function jsonField(form: Form, name: string): unknown {
  const v = form.get(name);
  if (typeof v !== 'string') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Hands the validators JSON, as the payload middleware does. */
function asJson(c: AppContext, value: Record<string, unknown>): void {
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers });
  // The API log keeps the fields and how many rows the file gave, not the rows.
  c.set('payload', { ...value, recipients: `${(value.recipients as unknown[]).length} rows from the file` });
  const text = JSON.stringify(value);
  c.req.bodyCache = { json: Promise.resolve(value), text: Promise.resolve(text) as unknown as string };
}

/**
 * POST /campaigns' body: JSON (or a form) through `payload`, or a multipart upload of the audience:
 * `file` (CSV or xlsx), `number_column` (the column of the numbers; the others become variables),
 * `name`, `phone_ids` (JSON array or comma-separated), `message` (JSON) and `schedule_at`. The upload
 * becomes the JSON body the declaration validates.
 */
export function audienceUpload(max: number) {
  const json = payload(max);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!MULTIPART.test(c.req.header('content-type') ?? '')) return json(c, next);
    const form = await formOf(c, max);
    const column = form.get('number_column');
    if (typeof column !== 'string' || !column)
      throw new ApiError('VALIDATION', 'number_column is required: the name of the column that holds the numbers.', {
        fields: { number_column: 'required' },
      });
    const recipients = pickAudience(await fileOf(form), column);
    const ids = jsonField(form, 'phone_ids');
    const schedule = form.get('schedule_at');
    asJson(c, {
      name: form.get('name') ?? undefined,
      phone_ids: typeof ids === 'string' ? ids.split(',').map((s) => s.trim()) : typeof ids === 'number' ? [ids] : ids,
      message: jsonField(form, 'message'),
      recipients,
      ...(typeof schedule === 'string' && schedule ? { schedule_at: schedule } : {}),
    });
    await next();
  });
}

/** POST /campaigns/preview-file: the uploaded file's columns, its first rows and how many rows it has. */
export async function previewUpload(c: AppContext, max: number, first = 10) {
  if (!MULTIPART.test(c.req.header('content-type') ?? ''))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a field named file.');
  const file = await fileOf(await formOf(c, max));
  const rows = file.rows
    .slice(0, first)
    .map((r) => Object.fromEntries(file.columns.map((col, i) => [col, r[i] ?? ''])));
  return { columns: file.columns, rows, total: file.rows.length };
}
