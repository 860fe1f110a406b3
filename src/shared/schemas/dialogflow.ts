import { z } from 'zod';
import { DIALOGFLOW_FILE_JSON } from '../dialogflow-messages';

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
export const dialogflowIntegration = z
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
