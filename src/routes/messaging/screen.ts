import type { AppContext } from '../../env';
import type { PhoneRow } from '../../services/phones/phones';
import { phoneScreen } from '../../services/screen/phone-screen';

/** The session's current view as a PNG, revalidated by ETag so polling costs little. */
export async function screenResponse(c: AppContext, row: PhoneRow): Promise<Response> {
  const screen = await phoneScreen(c.get('ctx'), row);
  const headers = { etag: screen.etag, 'cache-control': 'private, no-cache', 'x-phone-status': screen.status };
  if (c.req.header('if-none-match') === screen.etag) return new Response(null, { status: 304, headers });
  const png = await screen.render();
  return new Response(png, {
    status: 200,
    headers: { ...headers, 'content-type': 'image/png', 'content-length': String(png.byteLength) },
  });
}
