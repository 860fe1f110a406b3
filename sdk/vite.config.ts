import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * dist/wapi-client.min.js: the whole client in one minified ES module, openapi-fetch inside, for a
 * page or a runtime without a bundler (`@wapi/client/bundle`). Its gzipped size is the SDK's runtime
 * budget in the root size-limit list. (tsc writes the modules of dist/ that bundlers use.)
 */
export default defineConfig({
  build: {
    outDir: here('./dist'),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    lib: { entry: here('./src/index.ts'), formats: ['es'], fileName: () => 'wapi-client.min.js' },
  },
});
