import { agentSessionToken } from '../../middleware/agent-session';
import { productOfUser, userView } from '../../services/auth/users';
import { subscriptionLists } from '../../services/billing/subscriptions';
import { productView } from '../../services/products/products';
import { shellParams } from '../../shared/schemas/console/shell';
import { resolvePath } from '../../shared/routes';
import { brandName } from '../../shared/brand';
import { postLoginTarget, postSignUpTarget } from '../../shared/safe-redirect';
import { notBuiltPage, renderShell } from '../../ssr/shell';
import { toolPageBody, toolPageHead, toolPageText } from '../../ssr/tool-page';
import { CONSOLE_TAGS, HTML } from '../kit/console-declare';
import { endpoint, ERRORS, routes } from '../kit/declare';

const page = endpoint(
  'get',
  '/{page{.*}}',
  CONSOLE_TAGS.pages,
  'A console page: its HTML shell, or a redirect (to the login, or away from guest pages when signed in)',
  { params: shellParams },
  {
    ...ERRORS,
    200: { description: "The page's shell", content: HTML },
    302: { description: 'A redirect to the Location header; no content' },
    404: {
      description: 'The not-found page (the error shape where no page is served)',
      content: { ...HTML, ...ERRORS[404].content },
    },
    503: {
      description: 'The console is not built (the error shape when the server is unavailable)',
      content: { ...HTML, ...ERRORS[503].content },
    },
  },
);

/** Every other GET is a console route: an HTML shell, a server-side redirect, or the 404 shell. */
export const shellRoutes = routes().openapi(page, async (c) => {
  const url = new URL(c.req.url);
  const { route, redirect } = resolvePath(url.pathname);
  if (redirect) return c.redirect(redirect + url.search, 302);
  const user = c.get('user');
  if (route?.access === 'private' && !user) {
    return c.redirect(`/login?origin=${encodeURIComponent(url.pathname + url.search)}`, 302);
  }
  if (route?.access === 'agent' && !user && !agentSessionToken(c)) return c.redirect('/live/login', 302);
  if (route?.access === 'guest' && user) {
    if (route.path === '/register')
      return c.redirect(postSignUpTarget(url.searchParams.get('origin'), url.origin), 302);
    return c.redirect(postLoginTarget(url.searchParams.get('origin'), url.origin), 302);
  }
  const { config } = c.get('deps');
  const product = user ? await productOfUser(c.get('ctx'), user.id) : undefined;
  const toolPage = route ? toolPageText(route.path) : undefined;
  const html = renderShell({
    title: route?.title ?? 'Page not found',
    ...(toolPage
      ? {
          publicPage: {
            head: toolPageHead(toolPage, { publicUrl: config.publicUrl, siteName: brandName(config.BRAND) }),
            body: toolPageBody(toolPage),
          },
        }
      : {}),
    manifest: await c.get('deps').assets.manifest(),
    bootstrap: {
      user: user ? userView(user) : null,
      product: product
        ? { ...(await productView(c.get('ctx'), product)), ...(await subscriptionLists(c.get('ctx'), product)) }
        : null,
      csrfToken: c.get('csrfToken'),
      config: {
        brand: config.BRAND,
        supportEmail: config.SUPPORT_EMAIL,
        googleEnabled: config.googleEnabled,
        dev: config.dev,
        mailbox: Boolean(c.get('deps').localMailbox),
        simulator: config.simulator,
      },
    },
  });
  // Revalidated on every visit (the shell carries the session's user and CSRF token) but not
  // no-store, which would keep the page out of the back/forward cache; private keeps it out of shared caches.
  c.header('cache-control', 'private, no-cache');
  if (html === null) return c.html(notBuiltPage(), 503);
  return c.html(html, route ? 200 : 404);
});
