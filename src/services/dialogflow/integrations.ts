import { and, count, desc, eq } from 'drizzle-orm';
import { dialogflowIntegrations, dialogflowRequests, type DialogflowIntegrationRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import {
  serviceAccountSchema,
  type DialogflowIntegration,
  type ServiceAccount,
  type UpsertDialogflowBody,
} from '../../shared/schemas/integrations';
import type { ServiceCtx } from '../context';
import { getPhone } from '../phones/phones';
import { serverBox } from '../secrets/box';
import { importPrivateKey } from './service-account';

const NOT_JSON = 'credentials: the file is not valid JSON.';
const BAD_KEY = 'credentials: private_key could not be read as an RSA private key.';

/** What a sealed credential is bound to: its product and phone. */
function credentialsBinding(row: Pick<DialogflowIntegrationRow, 'pid' | 'phoneId'>): string {
  return `dialogflow:${row.pid}:${row.phoneId}`;
}

/** Parses and checks an uploaded key file (text or object): a service account whose private key imports. */
async function parseCredentials(raw: UpsertDialogflowBody['credentials']): Promise<ServiceAccount> {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ApiError('VALIDATION', NOT_JSON, { fields: { credentials: NOT_JSON } });
    }
  }
  const parsed = serviceAccountSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? NOT_JSON;
    throw new ApiError('VALIDATION', message, { fields: { credentials: message } });
  }
  await importPrivateKey(parsed.data.private_key).catch(() => {
    throw new ApiError('VALIDATION', BAD_KEY, { fields: { credentials: BAD_KEY } });
  });
  return parsed.data;
}

async function view(ctx: ServiceCtx, row: DialogflowIntegrationRow): Promise<DialogflowIntegration> {
  const waiting = await ctx.db
    .select({ n: count() })
    .from(dialogflowRequests)
    .where(and(eq(dialogflowRequests.integrationId, row.id), eq(dialogflowRequests.status, 'pending')))
    .get();
  return {
    id: row.id,
    phone_id: row.phoneId,
    project_id: row.projectId,
    languageCode: row.languageCode,
    file_name: row.fileName,
    client_email: row.clientEmail,
    data: { file_name: row.fileName },
    last_error: row.lastError,
    last_error_at: row.lastErrorAt,
    last_answer_at: row.lastAnswerAt,
    pending: waiting?.n ?? 0,
    updated_at: row.updatedAt,
  };
}

/** Links (or relinks) a phone of the product to an agent; the key file is checked, then sealed. */
export async function upsertIntegration(
  ctx: ServiceCtx,
  pid: string,
  body: UpsertDialogflowBody,
): Promise<DialogflowIntegration> {
  const box = await serverBox(ctx);
  const phone = await getPhone(ctx, pid, body.phone_id);
  const account = await parseCredentials(body.credentials);
  const now = ctx.now();
  const sealed = await box.seal(JSON.stringify(account), credentialsBinding({ pid, phoneId: phone.id }));
  const fields = {
    projectId: body.project_id,
    languageCode: body.languageCode,
    credentials: sealed,
    clientEmail: account.client_email,
    fileName: body.file_name,
    lastError: null,
    lastErrorAt: null,
    updatedAt: now,
  };
  const row = await ctx.db
    .insert(dialogflowIntegrations)
    .values({ pid, phoneId: phone.id, createdAt: now, ...fields })
    .onConflictDoUpdate({ target: dialogflowIntegrations.phoneId, set: fields })
    .returning()
    .get();
  return view(ctx, row);
}

/** The product's integrations, newest first, and the one of `phoneId` (or the newest) as `data`. */
export async function readIntegrations(
  ctx: ServiceCtx,
  pid: string,
  phoneId?: number,
): Promise<{ data: DialogflowIntegration | null; integrations: DialogflowIntegration[] }> {
  const rows = await ctx.db
    .select()
    .from(dialogflowIntegrations)
    .where(eq(dialogflowIntegrations.pid, pid))
    .orderBy(desc(dialogflowIntegrations.updatedAt))
    .all();
  const integrations = await Promise.all(rows.map((r) => view(ctx, r)));
  const data =
    phoneId === undefined ? (integrations[0] ?? null) : (integrations.find((i) => i.phone_id === phoneId) ?? null);
  return { data, integrations };
}

/** Opens a row's sealed key file. */
export async function openCredentials(ctx: ServiceCtx, row: DialogflowIntegrationRow): Promise<ServiceAccount> {
  const box = await serverBox(ctx);
  return serviceAccountSchema.parse(JSON.parse(await box.open(row.credentials, credentialsBinding(row))));
}
