import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { WIDGET_FILES, WIDGET_HEADERS } from './src/ssr/widget-assets';
import { widgetEntryAliases } from './widgets/source-entries';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The API reference page (/api/reference) loads Scalar from the build, so it works without a CDN. */
function vendorScalar(): Plugin {
  return {
    name: 'vendor-scalar',
    apply: 'build',
    // writeBundle, not closeBundle: the copy must exist before precompress() runs.
    writeBundle() {
      mkdirSync(here('./dist/web/vendor/scalar'), { recursive: true });
      copyFileSync(
        here('./node_modules/@scalar/api-reference/dist/browser/standalone.js'),
        here('./dist/web/vendor/scalar/standalone.js'),
      );
    },
  };
}

/** Copies the widget scripts into the console build, where both the Node server and the Worker's assets binding find them. */
function vendorWidgets(): Plugin {
  return {
    name: 'vendor-widgets',
    apply: 'build',
    writeBundle() {
      mkdirSync(here('./dist/web/widgets'), { recursive: true });
      for (const file of WIDGET_FILES) {
        const built = here(`./widgets/dist/${file}`);
        if (!existsSync(built))
          throw new Error(`${built} is missing: run \`npm run build\`, which builds the widget package first`);
        copyFileSync(built, here(`./dist/web/widgets/${file}`));
      }
    },
  };
}

/** Text worth compressing (images and fonts are compressed already; files under 1 KB gain nothing). */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const PRECOMPRESS_MIN_BYTES = 1024;
/** Brotli's best quality takes about 8 s a megabyte; bigger files (the vendored Scalar) get quality 9, 15 times faster. */
const BROTLI_MAX_QUALITY_BYTES = 1_000_000;

/** Cloudflare's own rules for the Worker's assets binding (the Node server sets the same headers itself). */
const WORKER_ASSET_HEADERS = [
  '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
  `/widgets/*\n${Object.entries(WIDGET_HEADERS)
    .map(([k, v]) => `  ${k}: ${v}\n`)
    .join('')}`,
].join('');
const WORKER_ASSETS_IGNORE = '*.br\n*.gz\n';

/**
 * Writes a brotli (.br) and a gzip (.gz) sibling of every text file under assets/, vendor/ and widgets/, which
 * the Node server sends to clients that accept them (serveStatic `precompressed`). Cloudflare
 * compresses at its edge, so the Worker's assets binding does not upload them (.assetsignore); its
 * `_headers` gives the hashed files the immutable caching the Node server gives them.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      const out = here('./dist/web');
      writeFileSync(join(out, '_headers'), WORKER_ASSET_HEADERS);
      writeFileSync(join(out, '.assetsignore'), WORKER_ASSETS_IGNORE);
      const files = ['assets', 'vendor', 'widgets']
        .flatMap((dir) =>
          readdirSync(join(out, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(out, dir, f)),
        )
        .filter((f) => PRECOMPRESSED.test(f) && statSync(f).size >= PRECOMPRESS_MIN_BYTES);
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const quality = body.length <= BROTLI_MAX_QUALITY_BYTES ? constants.BROTLI_MAX_QUALITY : 9;
          const params = { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
          await writeFile(`${file}.br`, await brotli(body, { params }));
          await writeFile(`${file}.gz`, await gzipped(body, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
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
    // The console imports the widget package by its public entries, built from their source here.
    resolve: { alias: widgetEntryAliases() },
    plugins: [react(), vendorScalar(), vendorWidgets(), precompress()],
    build: {
      outDir: here('./dist/web'),
      emptyOutDir: true,
      manifest: true,
      rolldownOptions: {
        input: here('./web/main.tsx'),
        output: {
          // libphonenumber-js and its metadata in one chunk of their own, loaded only with the pages
          // that read a typed phone number (its own size budget in package.json).
          advancedChunks: {
            groups: [
              {
                name: 'phone-numbers',
                test: /node_modules[\\/]libphonenumber-js|web[\\/]lib[\\/]phone-numbers|widgets[\\/]src[\\/](phone-numbers|tools[\\/]phone)\./,
              },
            ],
          },
        },
      },
    },
  };
});
