import { SIGN_UP_TEXT, TOOL_PAGES, type ToolPageText } from '../shared/tool-pages';
import { TOOLS_INDEX } from '../shared/tools-index';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A public tool page's own head tags: description, canonical address and Open Graph. */
export function toolPageHead(page: ToolPageText, opts: { publicUrl: string; siteName: string }): string {
  const url = `${opts.publicUrl}${page.canonical}`;
  return [
    `<meta name="description" content="${esc(page.description)}">`,
    `<link rel="canonical" href="${esc(url)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${esc(opts.siteName)}">`,
    `<meta property="og:title" content="${esc(page.title)}">`,
    `<meta property="og:description" content="${esc(page.description)}">`,
    `<meta property="og:url" content="${esc(url)}">`,
    '<meta name="twitter:card" content="summary">',
  ].join('');
}

/**
 * The page's heading and explanation as HTML, inside #root: search engines and visitors without
 * JavaScript read it, and the SPA replaces it when it starts.
 */
export function toolPageBody(page: ToolPageText): string {
  return [
    '<main class="w-public-tool">',
    `<h1>${esc(page.heading)}</h1>`,
    ...page.intro.map((p) => `<p>${esc(p)}</p>`),
    page.example ? `<pre><code>${esc(page.example)}</code></pre>` : '',
    page.links
      ? `<ul>${page.links.map((l) => `<li><a href="${esc(l.path)}">${esc(l.name)}</a>: ${esc(l.summary)}</li>`).join('')}</ul>`
      : '',
    `<p>${esc(SIGN_UP_TEXT)} <a href="/register">Sign up</a> or <a href="/login">log in</a>.</p>`,
    '</main>',
  ].join('');
}

/** The page text of a public tools address: a tool's, or the /tools list's. */
export function toolPageText(path: string): ToolPageText | undefined {
  return path === TOOLS_INDEX.canonical ? TOOLS_INDEX : TOOL_PAGES[path];
}
