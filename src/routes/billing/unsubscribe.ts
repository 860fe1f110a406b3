import { ApiError } from '../../errors';
import { unsubscribeCart } from '../../services/staff/cart-send';
import { brandName } from '../../shared/brand';
import { unsubscribeParams } from '../../shared/schemas/billing';
import { CONSOLE_TAGS, htmlPage } from '../kit/console-declare';
import { endpoint, routes } from '../kit/declare';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const page = (brand: string, title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} · ${esc(brand)}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1c2530}main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:28px}button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:12px 16px;background:#128c4b;color:#fff;cursor:pointer}</style>
</head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;

const show = endpoint(
  'get',
  '/{token}',
  CONSOLE_TAGS.pages,
  'The unsubscribe page of the cart-recovery e-mails: one button stops them (a link opened by a mail scanner changes nothing)',
  { params: unsubscribeParams },
  htmlPage(),
);
const stop = endpoint(
  'post',
  '/{token}',
  CONSOLE_TAGS.pages,
  "Stop the cart-recovery e-mails: the page's button and RFC 8058 one-click List-Unsubscribe-Post",
  { params: unsubscribeParams },
  htmlPage(),
);

/** `/unsubscribe/{token}`: public, the token in every recovery e-mail is the key. */
export const unsubscribeRoutes = routes()
  .openapi(show, (c) => {
    const brand = brandName(c.get('ctx').config.BRAND);
    return c.html(
      page(
        brand,
        'Unsubscribe',
        `<p>Stop the e-mails about your unfinished ${esc(brand)} checkout?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
      ),
      200,
    );
  })
  .openapi(stop, async (c) => {
    const brand = brandName(c.get('ctx').config.BRAND);
    const done = await unsubscribeCart(c.get('ctx'), c.req.valid('param').token);
    if (!done) throw new ApiError('NOT_FOUND', 'This unsubscribe link is not valid.');
    return c.html(
      page(
        brand,
        'You are unsubscribed',
        `<p>You will get no more e-mails about your unfinished ${esc(brand)} checkout.</p>`,
      ),
      200,
    );
  });
