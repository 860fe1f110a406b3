import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { copyFileSync, mkdirSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The API reference page (/api/reference) loads Scalar from the build, so it works without a CDN. */
function vendorScalar(): Plugin {
  return {
    name: 'vendor-scalar',
    apply: 'build',
    closeBundle() {
      mkdirSync(here('./dist/web/vendor/scalar'), { recursive: true });
      copyFileSync(here('./node_modules/@scalar/api-reference/dist/browser/standalone.js'), here('./dist/web/vendor/scalar/standalone.js'));
    },
  };
}

/**
 * The console SPA. There is no index.html: the server renders the HTML shell itself and finds the
 * entry's script and stylesheets through the manifest (dist/web/.vite/manifest.json).
 */
export default defineConfig(({ command }) => {
  // The server only ever serves a production bundle; a NODE_ENV inherited from a test runner
  // (vitest sets "test") would otherwise produce React's development build and break the size budget.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: here('./web'),
    plugins: [react(), vendorScalar()],
    build: {
      outDir: here('./dist/web'),
      emptyOutDir: true,
      manifest: true,
      rolldownOptions: {
        input: here('./web/main.tsx'),
      },
    },
  };
});
