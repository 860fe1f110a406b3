import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * dist/wapi-client.min.js: the whole client in one minified ES module, openapi-fetch inside, for a
 * page or a runtime without a bundler (`@wapi/client/bundle`). Its gzipped size is the SDK's runtime
 * budget in the root size-limit list. (tsc writes the modules of dist/ that bundlers use.)
 * dist/index.cjs: the same client as one CommonJS file, for `require('@wapi/client')` on every Node the
 * package supports (20+), with no need for Node's require(esm).
 */
export default defineConfig({
  build: {
    outDir: here('./dist'),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    lib: {
      entry: here('./src/index.ts'),
      formats: ['es', 'cjs'],
      fileName: (format) => (format === 'cjs' ? 'index.cjs' : 'wapi-client.min.js'),
    },
  },
});
