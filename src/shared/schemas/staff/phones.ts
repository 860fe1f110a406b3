import { z } from 'zod';
import { NUMBERS_FETCH_LIMIT, PHONE_PAGE_SIZE, SCREEN_FILTERS } from '../../staff-limits';

/**
 * The back-office's phone calls (4-admin §7): phone lists, screens, phone footprints by number,
 * bans and the phone status events. Lists page on the server.
 */

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
  .optional();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = (def: number, max: number) => z.coerce.number().int().min(1).max(max).default(def);
const search = z.string().trim().max(100).optional();

/** A phone number as staff type it: `+90 530 123 45 67` is kept as its digits. */
const banNumber = z
  .string()
  .max(40)
  .transform((s) => s.replace(/[\s+()-]/g, ''))
  .pipe(z.string().regex(/^\d{8,15}$/, 'number must be a phone number with its country code, 8 to 15 digits'))
  .meta({ example: '905301234567' });

const banReason = z.enum(['trial-abuse', 'banned']).meta({
  description: 'trial-abuse (the default): no free trials and no linking on a trial; banned: cannot be linked at all',
});

/** `GET /admin/phoneList`: one of the lists, searched and paged. */
export const phoneListQuery = z.object({
  type: z.enum(['idle', 'sandbox', 'missed']).optional().meta({
    description:
      'idle: idle phones; sandbox: sandbox phones; missed: phones of subscribed products that are not active',
  }),
  search: search.meta({ description: 'A phone id, product id, number, name or owner e-mail (part of it)' }),
  onlySubs: flag.meta({ description: 'Only phones of products with a package' }),
  hideIdleFree: flag.meta({ description: 'Leave out idle phones of products without a package' }),
  ids: z
    .string()
    .regex(/^\d{1,12}(,\d{1,12}){0,99}$/, 'ids must be phone ids separated by commas')
    .optional()
    .meta({ description: 'Only these phones (comma-separated ids)' }),
  page,
  limit: limit(PHONE_PAGE_SIZE, 500),
});

/** `GET /admin/phoneListv2`. */
export const phoneListV2Query = z.object({
  type: z.enum(['whatsapp', 'instagram']).optional(),
  search,
  page,
  limit: limit(500, 500),
});
/** `GET /admin/freePhones`: phoneListv2's query without the kind. */
export const freePhonesQuery = phoneListV2Query.omit({ type: true });

/** One phone as staff see it. */
const staffPhone = z
  .object({
    id: z.number().int(),
    pid: z.string(),
    uid: z.number().int(),
    email: z.string(),
    type: z.enum(['whatsapp', 'instagram']),
    engine: z.string(),
    name: z.string(),
    number: z.string().nullable(),
    status: z.string().meta({ example: 'active' }),
    message: z.string(),
    active: z.boolean().meta({ description: 'Enabled (not disabled by a limit or a reduction)' }),
    sandbox: z.boolean(),
    webhook: z.string().nullable(),
    package: z.string().nullable().meta({ description: "The product's package (api, live...), null when free" }),
    trial: z.boolean().nullable(),
    subscription: z.string().nullable().meta({ description: "The status of the product's newest subscription" }),
    updated_at: z.string(),
  })
  .meta({ id: 'StaffPhone' });

const paged = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

export const phoneListAnswer = z.object({
  success: z.literal(true),
  phones: z.array(staffPhone),
  products: z.array(
    z.object({
      id: z.string(),
      uid: z.number().int(),
      email: z.string(),
      package: z.string().nullable(),
      trial: z.boolean().nullable(),
    }),
  ),
  token: z.record(z.string(), z.string()).meta({
    description: "The API token of each listed phone's product, by product id (for the messaging API's status call)",
  }),
  ...paged,
});
export const phonesAnswer = z.object({ success: z.literal(true), phones: z.array(staffPhone), ...paged });

/** `GET /admin/listScreens`. */
export const listScreensQuery = z.object({
  show: z
    .string()
    .regex(/^(\w+(,\w+)*)?$/)
    .max(200)
    .optional()
    .meta({
      description: `Status filters to show, comma-separated (${Object.keys(SCREEN_FILTERS).join(', ')}); all when left out`,
    }),
  hideRocket: flag.meta({ description: "'Rocket Gizle': leave out the product ROCKET_PID names" }),
  hideFree: flag.meta({ description: "'Sid Free Gizle': leave out phones of products without a package" }),
  page,
  limit: limit(120, 500),
});
const screenRecord = z
  .object({
    id: z.number().int(),
    pid: z.string(),
    email: z.string(),
    status: z.string(),
    image_link: z.string().meta({ example: '/api/wapi/admin/screen/12' }),
    modified_date: z.string(),
  })
  .meta({ id: 'StaffScreen' });
export const listScreensAnswer = z.object({
  success: z.literal(true),
  result: z.array(screenRecord),
  total: z.number().int().meta({ description: 'Screens the filters keep' }),
  all: z.number().int().meta({ description: 'Every phone' }),
  page: z.number().int(),
  limit: z.number().int(),
});
export const screenParams = z.object({
  phone_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31)
    .meta({ param: { name: 'phone_id', in: 'path' }, example: 12 }),
});

/** `GET /admin/footprint/phone`: numbers with the accounts that used them. */
export const phoneFootprintQuery = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .meta({ description: 'Only numbers one of whose accounts has this e-mail (part of it)' }),
  onlyActive: flag.meta({ description: "Only numbers whose last entry's status is active" }),
  onlyMultiple: flag.meta({ description: 'Only numbers used by more than one phone' }),
  notBanned: flag,
  sort: z.enum(['number', 'entries', 'last', 'status']).default('last'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page,
  limit: limit(NUMBERS_FETCH_LIMIT, NUMBERS_FETCH_LIMIT),
});
const phoneFootprint = z
  .object({
    number: z.string(),
    banned: banReason.nullable(),
    last_at: z.string(),
    data: z
      .array(
        z.object({
          pid: z.string(),
          phone_id: z.number().int(),
          status: z.string(),
          email: z.string(),
          package: z.string().nullable(),
        }),
      )
      .meta({ description: 'Oldest first: active means the last entry is active; paid means package api' }),
  })
  .meta({ id: 'PhoneFootprint' });
export const phoneFootprintAnswer = z.object({
  success: z.literal(true),
  result: z.array(phoneFootprint),
  total: z.number().int(),
  summary: z.object({
    numbers: z.number().int(),
    active: z.number().int(),
    multiple: z.number().int(),
    banned: z.number().int(),
  }),
});

/** `GET /admin/bannedList`. */
export const bannedListQuery = z.object({ page, limit: limit(NUMBERS_FETCH_LIMIT, NUMBERS_FETCH_LIMIT) });
export const bannedListAnswer = z.object({
  success: z.literal(true),
  result: z.array(z.object({ number: z.string(), reason: banReason, date: z.string(), staff_email: z.string() })),
  total: z.number().int(),
});
export const setBanBody = z.object({ number: banNumber, reason: banReason.default('trial-abuse') });
export const deleteBanBody = z.object({ number: banNumber });
export const banAnswer = z.object({ success: z.literal(true), message: z.string() });

/** `GET /api/{brand}/refreshSubscription/{uid}`. */
export const uidParams = z.object({
  uid: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31)
    .meta({ param: { name: 'uid', in: 'path' }, example: 7 }),
});
export const refreshAnswer = z.object({ success: z.literal(true), message: z.string(), products: z.number().int() });

/** `POST /api/footprint/harvest/getPhoneStatuses`: the phones' status changes, newest first. */
export const phoneStatusesBody = z.object({
  phone_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31)
    .optional(),
  email: z.string().trim().max(254).optional(),
  page,
  limit: limit(50, 500),
});
const phoneStatusEvent = z
  .object({
    id: z.number().int(),
    phone_id: z.number().int(),
    pid: z.string(),
    email: z.string(),
    status: z.string(),
    message: z.string().nullable(),
    date: z.string(),
  })
  .meta({ id: 'PhoneStatusEvent' });
export const phoneStatusesAnswer = z.object({
  success: z.literal(true),
  result: z.array(phoneStatusEvent),
  total: z.number().int(),
});
