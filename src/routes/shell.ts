import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { productOfUser, userView } from '../services/auth/users';
import { productView } from '../services/products/products';
import { resolvePath } from '../shared/routes';
import { notBuiltPage, renderShell } from '../ssr/shell';

/** Every other GET is a console route: an HTML shell, a server-side redirect, or the 404 shell. */
export const shellRoutes = new Hono<AppEnv>().get('*', async (c) => {
  const url = new URL(c.req.url);
  const { route, redirect } = resolvePath(url.pathname);
  if (redirect) return c.redirect(redirect + url.search, 302);
  const user = c.get('user');
  if (route?.access === 'private' && !user) {
    return c.redirect(`/login?origin=${encodeURIComponent(url.pathname + url.search)}`, 302);
  }
  if (route?.access === 'guest' && user) {
    if (route.path === '/register') return c.redirect('/subscription', 302);
    const origin = url.searchParams.get('origin');
    const safe = origin && origin.startsWith('/') && !origin.startsWith('//') && !/^\/(login|register)\b/.test(origin) ? origin : '/';
    return c.redirect(safe, 302);
  }
  const { config } = c.get('deps');
  const product = user ? await productOfUser(c.get('ctx'), user.id) : undefined;
  const html = renderShell({
    title: route?.title ?? 'Page not found',
    manifest: await c.get('deps').assets.manifest(),
    bootstrap: {
      user: user ? userView(user) : null,
      product: product ? productView(product) : null,
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
  c.header('cache-control', 'no-store');
  if (html === null) return c.html(notBuiltPage(), 503);
  return c.html(html, route ? 200 : 404);
});
