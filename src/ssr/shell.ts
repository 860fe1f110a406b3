import { brandName } from '../shared/brand';
import type { ViteManifest } from './assets';
import { entryAssets } from './assets';

export interface Bootstrap {
  user: unknown;
  product: unknown;
  csrfToken: string;
  config: {
    brand: string;
    supportEmail: string;
    googleEnabled: boolean;
    dev: boolean;
    mailbox: boolean;
    simulator: boolean;
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The element that carries the bootstrap JSON: data, not script, so the page needs no inline script. */
const BOOTSTRAP_ELEMENT_ID = 'wapi-bootstrap';

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export { brandName };

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%2325d366'/%3E%3Cpath d='M9 22l2-6a7 7 0 1 1 3 3z' fill='white'/%3E%3C/svg%3E";

/**
 * The HTML shell of every console route: title, meta, the built assets from the Vite manifest, and
 * the signed-in user and product embedded so the first paint needs no round trip. A public page
 * (a free tool) brings its own meta tags and the text shown before the SPA starts.
 */
export function renderShell(opts: {
  title: string;
  manifest: ViteManifest | null;
  bootstrap: Bootstrap;
  publicPage?: { head: string; body: string };
}): string | null {
  const assets = entryAssets(opts.manifest);
  if (!assets) return null;
  const name = brandName(opts.bootstrap.config.brand);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(opts.title)} · ${esc(name)}</title>`,
    opts.publicPage?.head ??
      `<meta name="description" content="${esc(name)}: the WhatsApp messaging API console. Connect phones, send and receive messages from your code, chat with your customers.">`,
    '<meta name="theme-color" content="#128c7e">',
    `<link rel="icon" href="${FAVICON}">`,
    ...assets.css.map((f) => `<link rel="stylesheet" href="/${esc(f)}">`),
    ...assets.preload.map((f) => `<link rel="modulepreload" href="/${esc(f)}">`),
    `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptJson(opts.bootstrap)}</script>`,
    `<script type="module" src="/${esc(assets.script)}"></script>`,
  ];
  return `<!doctype html>\n<html lang="en"><head>${head.join('')}</head><body><div id="root">${opts.publicPage?.body ?? ''}</div><noscript>${esc(name)} needs JavaScript to run.</noscript></body></html>`;
}

/** What the shell answers when the SPA has not been built. */
export function notBuiltPage(): string {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Console not built</title></head><body><h1>The console has not been built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload.</p></body></html>';
}
