import { z } from 'zod';
import { GROUPS_PAGE } from '../../message-limits';
import { GROUP_SUBTYPES } from './group-logs';
import { DELIVERY_STATUSES } from './webhook-deliveries';

/**
 * Request schemas of the messaging API: the routes validate with these and the OpenAPI document
 * (src/shared/openapi) is generated from them, so the two cannot drift.
 */
/** Path parameters of the per-phone calls (`/api/{product_id}/{phone_id}/...`). */
export const phoneParams = z.object({
  phone_id: z.string().meta({ description: 'Id of the phone (listPhones)', example: '42' }),
});

/** `true` turns an option on; anything else leaves it off. */
const flag = (description: string) => z.string().optional().meta({ description, example: 'true' });
/** addPhone and addSandbox's query: the number, when it is known before the scan. */
export const numberQuery = z.object({
  number: z
    .string()
    .optional()
    .meta({ description: 'The number with country code, if known before the scan', example: '905301234567' }),
});
/** listPhones' query: `config=true` adds each phone's webhook settings. */
export const listPhonesQuery = z.object({ config: flag("true adds each phone's webhook settings") });
/** GET /queues: `number=true` adds each phone's number. */
export const queuesQuery = z.object({ number: flag("true adds each phone's number") });

/** `GET /connectWithPhoneNumber`: link with a pairing code instead of a QR. */
export const connectQuery = z.object({
  number: z.string().optional().meta({ description: 'The number with its country code', example: '905301234567' }),
});

const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const addPhoneBody = z.object({
  number: z
    .union([z.string().max(30), z.number()])
    .optional()
    .describe('The number with country code, if known before the scan'),
  engine: z
    .literal('cloud')
    .optional()
    .describe(
      '"cloud" adds an official number of the WhatsApp Business Platform (Cloud API) with the three fields below; leave out for a number linked by QR or pairing code',
    ),
  phone_number_id: z
    .string()
    .regex(/^\d{5,30}$/, "must be the Phone number ID from Meta's WhatsApp Manager (digits)")
    .optional()
    .describe('Cloud API: the Phone number ID'),
  waba_id: z
    .string()
    .regex(/^\d{5,30}$/, 'must be the WhatsApp Business Account ID (digits)')
    .optional()
    .describe('Cloud API: the WhatsApp Business Account ID'),
  access_token: z
    .string()
    .min(10)
    .max(1_000)
    .optional()
    .describe(
      "Cloud API: a system user's permanent access token with whatsapp_business_messaging and whatsapp_business_management",
    ),
});
export const setNameBody = z.object({ name: z.string().max(200).describe('Up to 20 characters') });
export const mobileProxyBody = z.object({
  mobile_proxy: bool.optional().describe('true to put the phone behind a mobile proxy, false to remove it'),
  proxy_region: z
    .enum(['SA', 'ZA', 'AR', 'NAF'])
    .nullable()
    .optional()
    .describe('South America, South Africa, Argentina, North Africa; leave out for India'),
});
/** A webhook URL as a string, or as the reference's `webhook-url` object (`{"webhook": "https://..."}`). */
const webhookUrl = z
  .union([z.string().max(2_000), z.object({ webhook: z.string().max(2_000) }).transform((o) => o.webhook)])
  .describe(
    'https URL (or {"webhook": "https://..."}, the reference\'s webhook-url object); an empty string removes it',
  );

export const phoneConfigBody = z.object({
  webhook: webhookUrl
    .optional()
    .describe('Webhook of this phone (a URL, or {"webhook": URL}); empty uses the product webhook'),
  ack_delivery: bool.nullable().optional(),
});
export const setWebhookBody = z.object({ webhook: webhookUrl });
export const ackPreferenceBody = z.object({ ack_delivery: bool });
export const redeployAllBody = z.object({
  phones: z
    .array(z.coerce.number().int().positive())
    .max(1_000)
    .optional()
    .describe('Phone ids; leave out for all phones'),
});

const groupIdSchema = z
  .string()
  .regex(/^[\d-]{5,40}@g\.us$/, 'must be a group id such as 905301234567-1574073754@g.us');
export const createGroupBody = z.object({
  name: z.string().trim().min(1).max(100),
  numbers: z
    .array(z.union([z.string(), z.number()]))
    .min(1)
    .max(256)
    .describe(
      'Participants in the international format (905301234567, +90 530 123 4567) or as chat ids; a national number is answered 422',
    ),
});
export const groupParticipantBody = z.object({
  conversation_id: groupIdSchema,
  number: z.union([z.string(), z.array(z.string()).min(1).max(256)]).transform((v) => (Array.isArray(v) ? v : [v])),
});
export const groupConfigBody = z.object({
  conversation_id: groupIdSchema,
  config: z.object({
    edit: z.enum(['admins', 'all']).optional(),
    send: z.enum(['admins', 'all']).optional(),
    disappear: z.boolean().optional(),
  }),
});
export const leaveGroupBody = z.object({ id: groupIdSchema });
/** A yes/no query parameter: `true` or `1` is yes, anything else no. */
const yesNo = (description: string) =>
  z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .meta({ description, example: 'true' });
/** Query of GET /getGroups: the page, which groups, the order, and whether to add invite links. */
export const groupsQuery = z.object({
  page: z
    .string()
    .optional()
    .transform((v) => Math.max(1, Number(v ?? 1) || 1))
    .meta({ description: `Page of ${GROUPS_PAGE} groups, from 1`, example: '1' }),
  removed: yesNo('Only groups the phone was removed from'),
  suspended: yesNo('Only groups WhatsApp suspended'),
  sort: yesNo('Sort by group id'),
  invite: yesNo("Add each group's invite link"),
});
/** Path of GET /getGroups/{conversation_id}. */
export const groupParams = phoneParams.extend({
  conversation_id: groupIdSchema.meta({ description: "The group's id", example: '905301234567-1574073754@g.us' }),
});
/** Query of GET /getGroups/{conversation_id}. */
export const groupQuery = z.object({ invite: yesNo("Add the group's invite link") });
/** Longest profile image a request may carry (a data URI of about 1.5 MB). */
export const PROFILE_IMAGE_MAX = 2_000_000;
export const setProfileImageBody = z.object({
  conversation_id: z.string().max(100).optional().describe('A group; leave out for the phone itself'),
  image: z
    .string()
    .min(1)
    .max(PROFILE_IMAGE_MAX)
    .refine(
      (v) => /^https?:\/\/[^\s/]+/i.test(v) || /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/.test(v),
      'must be an http(s) URL or a data:image/...;base64, URI',
    )
    .describe('Image URL or data:image/...;base64, URI (square, 512x512 suggested)'),
});

export const groupInfoQuery = z.object({
  action: z.enum(['removed', 'suspended']).default('removed'),
  pageLimit: z.coerce.number().int().min(1).max(500).default(500),
  page: z.coerce.number().int().min(1).default(1),
});

const NUMBER_REQUIRED = 'number is required, e.g. number=905301234567@c.us';
/** The number a check takes, in the query (checknumberstatus, getProfileImage). */
export const checkNumberQuery = z.object({
  number: z.string({ error: NUMBER_REQUIRED }).min(1, NUMBER_REQUIRED).meta({
    description:
      'The number to check, in the international format (905301234567, +90 530 123 4567 or 905301234567@c.us); a national number (05301234567) is answered 422',
    example: '905301234567@c.us',
  }),
});

/** Query of GET /groupActionLogs. */
export const groupActionLogsQuery = z.object({
  phone_id: z.coerce.number().int().positive().optional().describe("Only this phone's events"),
  subtype: z.enum(GROUP_SUBTYPES).optional(),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("Part of a group name or id, a participant, or a phone's number or id"),
  connected: z
    .enum(['true', 'false'])
    .optional()
    .describe("true: only events about the numbers of this product's active phones"),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** Query of GET /webhookDeliveries: a page out of range is brought into it, never refused. */
export const webhookDeliveriesQuery = z.object({
  page: z
    .string()
    .optional()
    .transform((v) => Math.max(1, Math.min(10_000, Number(v ?? 1) || 1)))
    .describe('Page of 50, from 1'),
  status: z.enum(DELIVERY_STATUSES, { error: 'status must be pending, delivered or dead.' }).optional(),
});

/** The Instagram login (3-developer §5): username and password required; the code once the server asked for it. */
export const instagramLoginBody = z.object({
  username: z.string().trim().min(1, 'Username is required.').max(100).describe('The Instagram username'),
  password: z.string().min(1, 'Password is required.').max(200).describe('The Instagram password'),
  code: z.string().max(20).optional().describe('The two-factor code, when a previous attempt answered code_required'),
});
