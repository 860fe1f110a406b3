import { locationAnswer } from '../../shared/schemas/kit';
import { CONSOLE_TAGS } from './console-declare';
import { endpoint, ok, routes } from './declare';

/**
 * The visitor's country: Cloudflare's `cf-ipcountry` header when present (Workers, or Node behind
 * Cloudflare), else the region of the browser's preferred language (`en-IN` → IN). No IP database is
 * shipped, so a visitor without either gets null and sees no regional notice.
 */
function visitorCountry(headers: { get(name: string): string | null | undefined }): string | null {
  const cf = headers.get('cf-ipcountry');
  if (cf && /^[A-Z]{2}$/i.test(cf) && cf.toUpperCase() !== 'XX') return cf.toUpperCase();
  const lang = headers.get('accept-language') ?? '';
  const m = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(lang.split(',')[0]?.trim() ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

const detect = endpoint(
  'get',
  '/detech',
  CONSOLE_TAGS.server,
  "The visitor's country, for regional notices",
  {},
  ok(locationAnswer),
);

/** `GET /api/locationDetech/detech` (the spelling is the spec's). */
export const locationRoutes = routes().openapi(detect, (c) =>
  c.json({ success: true, location: { country: visitorCountry({ get: (n) => c.req.header(n) }) } }, 200),
);
