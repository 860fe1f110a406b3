import { ApiError } from '../../errors';
import { getMedia } from '../../services/messages/media';
import { mediaHeaders } from '../../services/messages/media-types';
import { base64ToBytes } from '../../shared/base64';
import { mediaFile, mediaParams } from '../../shared/schemas/messaging/media';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, ERRORS, routes } from '../kit/declare';

const media = endpoint(
  'get',
  '/:id{[0-9a-f-]{36}}/:name?',
  CONSOLE_TAGS.server,
  'Message media by its unguessable id (the URLs webhooks carry)',
  {
    params: mediaParams,
  },
  {
    200: {
      description:
        'The file: its type when passive (else application/octet-stream), inline only for images, audio and video',
      content: { '*/*': { schema: mediaFile } },
    },
    ...ERRORS,
  },
);

/**
 * `GET /media/<id>/<name>`: message media by its unguessable id (the URLs webhooks carry). Passive
 * whatever it holds: a type from the passive set (anything else as application/octet-stream), shown
 * inline only for images, audio and video, and always sandboxed with nosniff (see media-types.ts).
 */
export const mediaRoutes = routes().openapi(media, async (c) => {
  const m = await getMedia(c.get('ctx').db, c.req.valid('param').id);
  if (!m) throw new ApiError('NOT_FOUND', 'Media not found.');
  const bytes = base64ToBytes(m.data);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: mediaHeaders(m, bytes.byteLength) });
});
