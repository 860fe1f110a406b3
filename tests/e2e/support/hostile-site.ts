import { createServer, type Server } from 'node:http';

/**
 * CSS a careless site might carry: every element reset, huge fonts, and !important everywhere. A
 * widget whose styles leak in (or out) changes size, font or place under it.
 */
export const HOSTILE_CSS = `* { all: unset !important; }
html, body { display: block !important; font-size: 48px !important; line-height: 2 !important; }
div, p, span, a, svg, button, input, textarea, h1, section { display: block !important; font-size: 64px !important; color: red !important; padding: 12px !important; margin: 8px !important; border: 4px solid blue !important; position: static !important; width: auto !important; }
a { text-decoration: underline !important; transform: rotate(3deg) !important; }
div > * { float: left !important; }`;

/** The host page: ids on every element we measure, then whatever the test embeds. */
export function hostilePage(embed: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host</title><style>${HOSTILE_CSS}</style></head><body>
<h1 id="h">A shop that styles everything</h1>
<p id="p">Some text <a id="a" href="#top">a link</a> and <span id="s">a span</span>.</p>
<div id="d"><span id="d1">one</span><span id="d2">two</span></div>
<section id="sec"><input id="i" value="field"><button id="b" type="button">Buy</button></section>
<p id="last">The end of the page.</p>
${embed}
</body></html>`;
}

/** A page with headers of its own (a Content-Security-Policy, say). */
export interface HostPage {
  html: string;
  headers: Record<string, string>;
}

/** Serves `pages` (path to HTML, or to HTML with headers) on its own port: another origin than the Wapi server. */
export async function hostSite(
  pages: Record<string, string | HostPage>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    const { html, headers } =
      typeof page === 'string' ? { html: page, headers: {} } : (page ?? { html: undefined, headers: {} });
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  // localhost, not 127.0.0.1: another host as well as another port than the Wapi server.
  return { url: `http://localhost:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
