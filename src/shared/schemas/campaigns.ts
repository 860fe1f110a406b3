import { z } from 'zod';
import { CAMPAIGN_RECIPIENTS_MAX, CAMPAIGN_STATUSES, COUNT_NAMES, RECIPIENT_STATUSES } from '../campaign-states';
import { TEXT_MAX } from './messaging/send';

/** A page of the recipients list. */
export const RECIPIENTS_PAGE = 100;

const placeholders = "Placeholders {{name}} take each recipient's variables";
/** The message of a campaign: a text, a media message (by URL) or an approved template; no `to_number`. */
const campaignMessage = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('text'),
      message: z.string().min(1, 'must not be empty').max(TEXT_MAX).describe(`The text. ${placeholders}`),
    }),
    z.object({
      type: z.literal('media'),
      message: z.url({ protocol: /^https?$/ }).describe('The media URL'),
      text: z.string().max(TEXT_MAX).optional().describe(`Caption. ${placeholders}`),
      filename: z.string().min(1).max(255).optional(),
    }),
    z.object({
      type: z.literal('template'),
      template: z
        .object({
          name: z.string().min(1).max(512),
          language: z.union([
            z.string().min(2).max(15),
            z.object({ code: z.string().min(2).max(15), policy: z.string().max(20).optional() }),
          ]),
          components: z.array(z.record(z.string(), z.unknown())).max(20).optional(),
        })
        .describe(`An approved template of an official number. ${placeholders} in its parameters`),
    }),
  ],
  { error: 'type must be one of text, media, template' },
);
export type CampaignMessage = z.infer<typeof campaignMessage>;

const variables = z
  .record(z.string().max(64), z.union([z.string().max(1_024), z.number(), z.boolean(), z.null()]))
  .optional();
const campaignRecipient = z.object({
  number: z.union([z.string().max(100), z.number()]).describe('The number with its country code'),
  variables,
});

/** POST /campaigns as JSON. */
export const createCampaignBody = z.object({
  name: z.string().trim().min(1, 'name must not be empty.').max(200, 'name: at most 200 characters.'),
  phone_ids: z
    .array(z.union([z.string().max(20), z.number().int()]))
    .min(1, 'phone_ids must name at least one phone.')
    .max(50)
    .describe('The phones it goes from; each recipient always gets the same one'),
  message: campaignMessage,
  recipients: z
    .array(campaignRecipient)
    .min(1, 'recipients must not be empty.')
    .max(CAMPAIGN_RECIPIENTS_MAX, `recipients: at most ${CAMPAIGN_RECIPIENTS_MAX} per campaign.`),
  schedule_at: z.iso.datetime({ offset: true }).optional().describe('When to start (ISO time); now when absent'),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;

/** The upload form of POST /campaigns (documented; the middleware turns it into the JSON body). */
export const campaignUploadForm = z.object({
  file: z
    .any()
    .meta({ type: 'string', format: 'binary', description: 'A CSV or xlsx file whose first row names the columns' }),
  number_column: z.string().meta({ description: 'The column of the numbers; the other columns become variables' }),
  name: z.string(),
  phone_ids: z.string().meta({ description: 'A JSON array or comma-separated phone ids', example: '[42]' }),
  message: z.string().meta({ description: 'The message as JSON', example: '{"type":"text","message":"Hi {{name}}"}' }),
  schedule_at: z.string().optional(),
});

export const createCampaignResponse = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    status: z.enum(CAMPAIGN_STATUSES),
    total: z.number().int(),
    invalid: z.number().int(),
    duplicates: z.number().int(),
    opted_out: z.number().int(),
  }),
});

/** What the counts that are not a recipient's status mean (the webhook's `campaign` counts are the same). */
const COUNT_MEANINGS: Partial<Record<(typeof COUNT_NAMES)[number], string>> = {
  queued: 'Recipients not yet sent that may go now (in the send queue or waiting their turn), held ones left out',
  held: 'Recipients not yet sent that cannot go now: every one while the campaign waits for its schedule_at; else those on a phone whose ban-protection budget is spent (not yet in the send queue, or queued to a chat the phone has not opened). 0 once it completed or was cancelled',
};

const campaignObj = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  total: z.number().int(),
  duplicates: z.number().int(),
  phone_ids: z.array(z.number().int()),
  message: z.record(z.string(), z.unknown()),
  counts: z.object(
    Object.fromEntries(
      COUNT_NAMES.map((n) => [
        n,
        n in COUNT_MEANINGS ? z.number().int().meta({ description: COUNT_MEANINGS[n] }) : z.number().int(),
      ]),
    ) as Record<(typeof COUNT_NAMES)[number], z.ZodNumber>,
  ),
  schedule_at: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  eta: z.string().nullable().meta({
    description:
      "When the rest should be sent: from now or schedule_at, each phone's share at its rate (an official number's throughput tier as last read from Meta, STANDARD 80/s until read) and, for a WhatsApp Web number with ban protection, beyond today's new-chat budget in the following UTC days. Null once nothing is left",
  }),
});
export type CampaignView = z.infer<typeof campaignObj>;

export const campaignResponse = z.object({ success: z.literal(true), data: campaignObj });
export const campaignListResponse = z.object({ success: z.literal(true), data: z.array(campaignObj) });

export const campaignParams = z.object({
  id: z.string().max(64).meta({ description: 'The campaign id', example: 'cmp_0192' }),
});
export const recipientsQuery = z.object({
  status: z.enum(RECIPIENT_STATUSES).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,9}$/, 'must be the next_cursor of the previous page')
    .optional(),
});
const recipientObj = z.object({
  number: z.string(),
  phone_id: z.number().int(),
  status: z.enum(RECIPIENT_STATUSES),
  msg_id: z.string().nullable(),
  error: z.string().nullable(),
  variables: z.record(z.string(), z.unknown()),
});
export const recipientsResponse = z.object({
  success: z.literal(true),
  data: z.array(recipientObj),
  next_cursor: z.string().nullable(),
});

/** POST /campaigns/preview-file's form: the audience file alone. */
export const previewFileForm = z.object({ file: z.any().meta({ type: 'string', format: 'binary' }) });
/** POST /campaigns/preview-file: a file's columns and first rows, for a column picker. */
export const previewFileResponse = z.object({
  success: z.literal(true),
  data: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.record(z.string(), z.string())),
    total: z.number().int(),
  }),
});
