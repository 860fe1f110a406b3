import { z } from 'zod';
import { errorShape } from './common';

/** The simulator area (`/api/sim/*`): requests and answers of the simulated network's controls and of its Graph API. */

/** A scan or pairing linked the phone as this number. */
export const simLinked = z.object({ success: z.boolean(), phoneId: z.number().int(), number: z.string() });

/** A message from a simulated contact arrived with this key. */
export const simIncomingAnswer = z.object({ success: z.boolean(), id: z.string(), chatId: z.string() });

/** Requests of the simulated network's controls: scan, pairing code, an incoming message, a fault. */
const simPhoneId = z.coerce.number().int().positive().max(1e12);
const simNumber = z
  .string()
  .trim()
  .regex(/^\+?\d{8,15}$/, 'number must be a phone number with its country code');
export const simScanBody = z.object({ qr: z.string().min(10).max(2000), number: simNumber.optional() });
export const simPairBody = z.object({ phoneId: simPhoneId, code: z.string().trim().min(8).max(12) });
export const simIncomingBody = z.object({ phoneId: simPhoneId, from: simNumber, message: z.string().min(1).max(4096) });
export const simFaultBody = z.object({
  phoneId: simPhoneId,
  fault: z.enum(['disconnect', 'phone-error', 'ban', 'idle']),
});

/** `GET /api/sim/avatar/{file}`: a simulated contact's profile picture. */
export const simAvatarParams = z.object({
  file: z.string().meta({ description: "The contact's number and `.png`", example: '905301234567.png' }),
});

/** The simulated Graph API (`/api/sim/graph/*`, `/api/sim/cloud/incoming`): Meta's shapes, not ours. */

/** Meta's error object (the simulated Graph API answers as Meta does, not in our error shape). */
const metaError = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    code: z.number().int(),
    error_data: z.object({ messaging_product: z.string(), details: z.string() }).optional(),
    fbtrace_id: z.string(),
  }),
});

/** Meta's error for what Meta would refuse; ours (the one error shape) for what our own checks refuse first. */
export const graphRefusal = z.union([metaError, errorShape]);

const version = z
  .string()
  .regex(/^v\d{1,3}\.\d{1,2}$/)
  .meta({ example: 'v21.0' });
const numeric = z.string().regex(/^\d{5,30}$/);

/** `/{version}/{id}...`: the Graph API version and a number's (or media's) id. */
export const graphPathParams = z.object({ version, id: numeric });
/** Any Bearer token starting with sim- is good. */
export const graphAuthHeaders = z.object({
  authorization: z.string().optional().meta({ example: 'Bearer sim-demo-token' }),
});
/** `GET /{version}/{id}`: a number's profile or a media file's URL. */
export const graphProfileAnswer = z.record(z.string(), z.unknown());
/** `?fields=throughput`: the number's messaging tier, as Meta answers it. */
export const graphProfileQuery = z.object({
  fields: z.string().max(200).optional().meta({ example: 'throughput' }),
});
/** The Graph API calls without a query. */
export const graphNoQuery = z.object({});
/** `POST /{version}/{id}/messages`. */
export const graphSendAnswer = z.object({
  messaging_product: z.string(),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })),
  messages: z.array(z.object({ id: z.string() })),
});
/** `POST /{version}/{id}/media`. */
export const graphUploadAnswer = z.object({ id: z.string() });
/** `GET /{version}/{id}/message_templates`. */
export const graphTemplatesAnswer = z.object({ data: z.array(z.record(z.string(), z.unknown())) });
/** `GET /download/{id}`. */
export const graphDownloadParams = z.object({ id: z.string().regex(/^\d{1,30}$/) });
/** `GET /download/{id}`: the file's bytes. */
export const graphDownloadAnswer = z.string().meta({ format: 'binary' });

/** `POST /api/sim/cloud/incoming`: a simulated customer writes to an official number. */
export const simCloudIncomingBody = z.object({
  phone_number_id: numeric,
  from: z.string().regex(/^\d{7,15}$/),
  message: z.string().min(1).max(4_096),
  name: z.string().max(100).optional(),
});
export const simCloudIncomingAnswer = z.object({ success: z.boolean(), id: z.string(), stored: z.number().int() });
