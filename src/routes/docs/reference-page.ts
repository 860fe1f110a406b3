import { html } from 'hono/html';

/** Where the reference page loads Scalar from: a copy in the build, so it works offline. */
const SCALAR_SCRIPT = '/vendor/scalar/standalone.js';
/** The page's own script: Scalar's configuration (an external file, as the CSP allows no inline script). */
const REFERENCE_SCRIPT = '/api/reference.js';

/** The reference page: Scalar's bundle and our init script, nothing inline and nothing from elsewhere. */
export function referencePage(title: string) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body>
        <div id="app"></div>
        <script src="${SCALAR_SCRIPT}"></script>
        <script src="${REFERENCE_SCRIPT}"></script>
      </body>
    </html>`;
}

/**
 * Starts Scalar with nothing that leaves the server: no web fonts, no request proxy (the "Test
 * request" client calls us directly), no telemetry, no AI agent, no toolbar or client button that
 * opens scalar.com. For a signed-in customer it fills in the product id (the server variable) and the
 * API token from the console's product endpoint.
 */
export function referenceScript(brand: string): string {
  return `(async () => {
  let product;
  try {
    const res = await fetch(${JSON.stringify(`/api/${brand}/product`)}, { credentials: 'same-origin' });
    if (res.ok) product = (await res.json()).product;
  } catch (err) {
    console.warn('The reference opens without your product:', err);
  }
  window.Scalar.createApiReference('#app', {
    url: '/api/openapi.json',
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    hideDarkModeToggle: true,
    documentDownloadType: 'json',
    agent: { disabled: true },
    // "Powered by Scalar" links lead to scalar.com: nothing a customer of ours needs.
    customCss: 'a[href*="scalar.com"] { display: none !important; }',
    ...(product
      ? {
          servers: [{ url: location.origin + '/api/{product_id}', variables: { product_id: { default: product.id, description: 'Your product id' } } }],
          authentication: { preferredSecurityScheme: 'ApiKeyAuth', securitySchemes: { ApiKeyAuth: { value: product.settings.wapi_token } } },
        }
      : {}),
  });
})();
`;
}
