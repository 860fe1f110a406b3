import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { getMedia } from '../services/messages/media';
import { base64ToBytes } from '../shared/base64';
import { errorResponse } from '../http-errors';

/** `GET /media/<id>/<name>`: message media by its unguessable id (the URLs webhooks carry). */
export const mediaRoutes = new Hono<AppEnv>().get('/:id{[0-9a-f-]{36}}/:name?', async (c) => {
  const m = await getMedia(c.get('ctx').db, c.req.param('id'));
  if (!m) return errorResponse(c, 'NOT_FOUND', 'Media not found.');
  const bytes = base64ToBytes(m.data);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': m.mime,
      'content-length': String(bytes.byteLength),
      'content-disposition': `inline; filename="${m.filename.replace(/["\\\r\n]/g, '_')}"`,
      'cache-control': 'private, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
});
