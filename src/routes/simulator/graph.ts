import type { z } from 'zod';
import type { AppContext } from '../../env';
import { payload } from '../../middleware/payload';
import {
  metaErrorBody,
  SIM_TEMPLATES,
  simCloudIncoming,
  simGraphAuth,
  SimGraphError,
  simGraphSend,
  simMedia,
  simNumberProfile,
  simUpload,
} from '../../services/simulator/graph';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { ApiError } from '../../errors';
import {
  graphAuthHeaders,
  graphDownloadAnswer,
  graphDownloadParams,
  graphNoQuery,
  graphPathParams,
  graphProfileAnswer,
  graphProfileQuery,
  graphSendAnswer,
  graphTemplatesAnswer,
  graphUploadAnswer,
  graphRefusal as refusal,
  simCloudIncomingAnswer,
  simCloudIncomingBody,
} from '../../shared/schemas/simulator';
import { body, endpoint, ERRORS, ok, routes } from '../kit/declare';

const json = (schema: z.ZodType, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const graphResponses = (schema: z.ZodType) => ({
  ...ERRORS,
  200: json(schema),
  400: json(refusal, "Meta's error"),
  401: json(refusal, 'A token not starting with sim-'),
  404: json(refusal, 'No such media'),
});

const NOTE =
  "The simulator playing Meta's Graph API (set WHATSAPP_CLOUD_API_URL to <app>/api/sim/graph): any Bearer token starting with sim- is good. Like Meta, a message other than a template to a customer who has not written to the number in 24 hours answers 400 with code 131047.";

const route = (
  method: 'get' | 'post',
  path: string,
  summary: string,
  params: z.ZodObject,
  schema: z.ZodType,
  query = graphNoQuery,
) =>
  endpoint(
    method,
    path,
    CONSOLE_TAGS.simulator,
    summary,
    { params, query, headers: graphAuthHeaders },
    graphResponses(schema),
    { description: NOTE },
  );

const profile = route(
  'get',
  '/{version}/{id}',
  "Graph API: a number's profile (its messaging tier with fields=throughput) or a media file's URL",
  graphPathParams,
  graphProfileAnswer,
  graphProfileQuery,
);
const send = route(
  'post',
  '/{version}/{id}/messages',
  'Graph API: send a message from an official number',
  graphPathParams,
  graphSendAnswer,
);
const upload = route(
  'post',
  '/{version}/{id}/media',
  'Graph API: upload media (multipart)',
  graphPathParams,
  graphUploadAnswer,
);
const templates = route(
  'get',
  '/{version}/{id}/message_templates',
  "Graph API: the business account's templates",
  graphPathParams,
  graphTemplatesAnswer,
);
const download = endpoint(
  'get',
  '/download/{id}',
  CONSOLE_TAGS.simulator,
  "Graph API: a media file's bytes",
  { params: graphDownloadParams },
  {
    ...ERRORS,
    200: {
      description: 'The file',
      content: { 'application/octet-stream': { schema: graphDownloadAnswer } },
    },
    401: json(refusal),
    404: json(refusal),
  },
  { description: NOTE },
);
const incoming = endpoint(
  'post',
  '/incoming',
  CONSOLE_TAGS.simulator,
  "A simulated customer writes to an official number (as Meta's webhook would deliver it)",
  {
    body: body(simCloudIncomingBody),
  },
  ok(simCloudIncomingAnswer),
  { description: 'Development only (the simulator).', middleware: [payload()] as const },
);

/** Answers Meta's error object for the simulated Graph API's refusals. */
function refused(c: AppContext, err: unknown): Response {
  if (err instanceof SimGraphError) return c.json(metaErrorBody(err), err.status);
  throw err;
}

/** `/api/sim/graph/*`: the simulator's Graph API for official numbers, and `/api/sim/cloud/incoming`. */
export const simGraphRoutes = routes()
  .openapi(profile, async (c) => {
    try {
      simGraphAuth(c.req.header('authorization'));
      const id = String(c.req.valid('param').id);
      const m = simMedia(id);
      if (m)
        return c.json(
          {
            messaging_product: 'whatsapp',
            url: new URL(`/api/sim/graph/download/${id}`, c.req.url).href,
            mime_type: m.mime,
            file_size: m.data.byteLength,
            id,
          },
          200,
        );
      return c.json(simNumberProfile(id, c.req.valid('query').fields), 200);
    } catch (err) {
      return refused(c, err) as never;
    }
  })
  .openapi(send, async (c) => {
    try {
      simGraphAuth(c.req.header('authorization'));
      const sent = await simGraphSend(
        c.get('ctx'),
        String(c.req.valid('param').id),
        (await c.req.json().catch(() => ({}))) as Record<string, unknown>,
      );
      return c.json(
        {
          messaging_product: 'whatsapp',
          contacts: [{ input: sent.to, wa_id: sent.to }],
          messages: [{ id: sent.wamid }],
        },
        200,
      );
    } catch (err) {
      return refused(c, err) as never;
    }
  })
  .openapi(upload, async (c) => {
    try {
      simGraphAuth(c.req.header('authorization'));
      const form = await c.req.formData();
      const file = form.get('file');
      if (!(file instanceof Blob)) throw new SimGraphError(400, 100, 'Invalid parameter');
      return c.json(
        { id: simUpload(new Uint8Array(await file.arrayBuffer()), file.type || 'application/octet-stream') },
        200,
      );
    } catch (err) {
      return refused(c, err) as never;
    }
  })
  .openapi(templates, async (c) => {
    try {
      simGraphAuth(c.req.header('authorization'));
      return c.json({ data: SIM_TEMPLATES }, 200);
    } catch (err) {
      return refused(c, err) as never;
    }
  })
  .openapi(download, async (c) => {
    try {
      simGraphAuth(c.req.header('authorization'));
      const m = simMedia(String(c.req.valid('param').id));
      if (!m) throw new SimGraphError(404, 100, 'Media not found');
      return new Response(m.data as Uint8Array<ArrayBuffer>, { headers: { 'content-type': m.mime } }) as never;
    } catch (err) {
      return refused(c, err) as never;
    }
  });

export const simCloudRoutes = routes().openapi(incoming, async (c) => {
  if (!c.get('deps').config.dev)
    throw new ApiError('FORBIDDEN', 'A simulated customer writes to official numbers in development only.');
  const input = c.req.valid('json');
  const out = await simCloudIncoming(c.get('ctx'), input.phone_number_id, input.from, input.message, input.name);
  return c.json({ success: true, ...out }, 200);
});
