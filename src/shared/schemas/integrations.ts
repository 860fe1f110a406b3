import { z } from 'zod';
import { SHEET_ROWS_MAX } from '../sheet-rows';
import { DIALOGFLOW_FILE_JSON } from '../dialogflow-messages';

/** The Google integrations' calls (`/api/integrations/google*`, `/api/googlesheets/sheetsender`, 3-developer §7), shared with the console. */

const productId = z.string().optional().meta({ description: "The product id; another account's answers 404" });

/** `POST /api/integrations/google`. */
export const googleStatusBody = z.object({
  product_id: productId,
  return_to: z
    .enum(['/integrations', '/integrations/sheets', '/integrations/contacts'])
    .optional()
    .meta({ description: "The console page Google's consent returns to" }),
});

/** A contact of the linked account, listed as name and number (3-developer §3 "Google contact"). */
const googleContact = z
  .object({
    resourceName: z.string(),
    name: z.string(),
    givenName: z.string(),
    familyName: z.string(),
    number: z.string(),
  })
  .meta({ id: 'GoogleContact' });
export type GoogleContact = z.infer<typeof googleContact>;

/** Until an account is linked: where to authorise; then the account and its contacts' names. */
export const googleStatusAnswer = z.union([
  z.object({
    success: z.literal(true),
    linked: z.literal(false),
    authUrl: z.string().meta({ description: "Google's consent page; the console opens it" }),
  }),
  z.object({
    success: z.literal(true),
    linked: z.literal(true),
    email: z.string(),
    name: z.string(),
    displayNames: z.array(googleContact),
  }),
]);

/** `POST /api/integrations/google/add-contact` (3-developer §5 "Add contact"). */
export const addContactBody = z.object({
  product_id: productId,
  contact: z.object({
    givenName: z.string({ error: 'Please enter a name.' }).trim().min(1, 'Please enter a name.').max(100),
    familyName: z.string({ error: 'Please enter a surname.' }).trim().min(1, 'Please enter a surname.').max(100),
    number: z
      .string({ error: 'Please enter a phone number.' })
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().min(1, 'Please enter a phone number.').max(15, 'The phone number has at most 15 digits.')),
  }),
});
export type NewGoogleContact = z.infer<typeof addContactBody>['contact'];

export const addContactAnswer = z.object({ success: z.literal(true), message: z.string(), contact: googleContact });

export const unlinkGoogleAnswer = z.object({ success: z.literal(true) });

/** `POST /api/googlesheets/sheetsender`: a Google Sheet by its address or id, or the rows of an uploaded file. */
export const sheetSenderBody = z
  .object({
    spreadsheetId: z
      .string()
      .trim()
      .max(500)
      .optional()
      .meta({ description: "The sheet's address or id (the part after /spreadsheets/d/)" }),
    rows: z
      .array(z.array(z.unknown()).max(26))
      .max(SHEET_ROWS_MAX + 1, `At most ${SHEET_ROWS_MAX} rows per run.`)
      .optional()
      .meta({
        description: "Rows of an uploaded .xlsx / .csv in the sheet's column format, first row optionally a header",
      }),
    file_name: z.string().max(255).optional(),
    phoneID: z.coerce
      .number({ error: 'Please select a phone.' })
      .int('Please select a phone.')
      .positive('Please select a phone.')
      .meta({ example: 1 }),
    product_id: productId,
    production_id: productId,
    token: z.unknown().optional(),
    wapi_token: z.unknown().optional(),
  })
  .refine((b) => Boolean(b.spreadsheetId) !== Boolean(b.rows), {
    message: 'Give either the spreadsheet address or the rows of a file.',
    path: ['spreadsheetId'],
  });

/** One row's outcome: queued (with the message id), invalid (nothing of the run was queued) or failed. */
const sheetRowResult = z
  .object({
    row: z.number().int().meta({ description: 'The row number in the sheet or file (1 is the first row)' }),
    type: z.string(),
    to_number: z.string(),
    status: z.enum(['queued', 'invalid', 'failed', 'not sent']),
    message_id: z.string().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'SheetRowResult' });
export type SheetRowResult = z.infer<typeof sheetRowResult>;

export const sheetSenderAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  queued: z.number().int(),
  failed: z.number().int(),
  invalid: z.number().int(),
  written_back: z.boolean().meta({ description: "Whether the results were written to the sheet's column H" }),
  results: z.array(sheetRowResult),
});
export type SheetSenderAnswer = z.infer<typeof sheetSenderAnswer>;

/** The Dialogflow integration's calls (`/api/dialogflow/*`, 3-developer §2.1, §7): requests and answers, shared with the console. */

const phoneId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

/** `POST /api/dialogflow/upsertIntegration`: the credentials are the service account's JSON key file, as text or as an object. */
export const upsertDialogflowBody = z.object({
  pid: z.string().optional().meta({ description: "The product id; another account's answers 404" }),
  id: z.unknown().optional().meta({ description: 'Ignored: the integration is found by its phone' }),
  phone_id: phoneId('Please select a phone.').meta({ example: 1 }),
  project_id: z
    .string({ error: 'Please enter the project id.' })
    .trim()
    .min(1, 'Please enter the project id.')
    .max(100)
    .regex(/^[a-z][a-z0-9-]{3,99}$/, 'The project id is lowercase letters, digits and hyphens.')
    .meta({ example: 'shop-agent-1234' }),
  languageCode: z
    .string({ error: 'Please enter the language code.' })
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Please enter a language code such as en or pt-BR.')
    .meta({ example: 'en' }),
  credentials: z
    .union([z.string().min(2, DIALOGFLOW_FILE_JSON).max(20_000), z.record(z.string(), z.unknown())], {
      error: DIALOGFLOW_FILE_JSON,
    })
    .meta({ description: 'The service account key file (JSON)' }),
  file_name: z
    .string({ error: DIALOGFLOW_FILE_JSON })
    .trim()
    .max(255)
    .regex(/\.json$/i, DIALOGFLOW_FILE_JSON)
    .meta({ example: 'shop-agent-1234-6f2a.json' }),
});
export type UpsertDialogflowBody = z.infer<typeof upsertDialogflowBody>;

/** `POST /api/dialogflow/getIntegration`. */
export const getDialogflowBody = z.object({
  pid: z.string().optional(),
  selectedPhone: z
    .union([z.coerce.number().int().positive(), z.literal(''), z.null()])
    .optional()
    .meta({ description: "The phone whose integration to read; without it, the product's most recent one" }),
});

/** A linked agent as the console sees it: never the private key, only the file's name and the account's e-mail. */
const dialogflowIntegration = z
  .object({
    id: z.number().int(),
    phone_id: z.number().int(),
    project_id: z.string(),
    languageCode: z.string(),
    file_name: z.string(),
    client_email: z.string().meta({ description: 'The service account that signs in to Dialogflow' }),
    data: z.object({ file_name: z.string() }),
    last_error: z.string().nullable().meta({ description: 'Why the last answer could not be made or sent' }),
    last_error_at: z.number().nullable(),
    last_answer_at: z.number().nullable().meta({ description: 'When the agent last answered a customer' }),
    pending: z.number().int().meta({ description: 'Messages waiting for the agent' }),
    updated_at: z.number(),
  })
  .meta({ id: 'DialogflowIntegration' });
export type DialogflowIntegration = z.infer<typeof dialogflowIntegration>;

export const getDialogflowAnswer = z.object({
  success: z.literal(true),
  data: dialogflowIntegration.nullable(),
  integrations: z.array(dialogflowIntegration),
});
export const upsertDialogflowAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: dialogflowIntegration,
});

/** `GET /api/integrations/google/callback`: Google's return. */
export const googleLinkCallbackQuery = z.object({
  state: z.string().optional(),
  code: z.string().optional(),
  error: z.string().optional(),
});

/**
 * The fields of a service account's JSON key file that matter here (a Dialogflow integration stores
 * the key; signing in with it is the adapter's: src/adapters/dialogflow/service-account-token.ts).
 */
export const serviceAccountSchema = z.object({
  type: z.literal('service_account', { error: 'credentials: must be a service account key (type "service_account").' }),
  client_email: z.email({ error: 'credentials: client_email is missing.' }),
  private_key: z
    .string({ error: 'credentials: private_key is missing.' })
    .includes('PRIVATE KEY', { error: 'credentials: private_key must be a PEM private key.' }),
  project_id: z.string().optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;
