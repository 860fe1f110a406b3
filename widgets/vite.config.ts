import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Five library builds, chosen by --mode (see package.json "build"):
 * - `esm`: the modules for bundlers (dist/esm), React and qrcode.react left to the installer;
 * - `entries`: dist/esm/tools.js and dist/esm/wa-format.js, the entries the console also imports;
 * - `chat-button`: dist/chat-button.js, one classic script without React;
 * - `tools`: dist/tools.js, one classic script with React and the tools inside;
 * - `phone-numbers`: dist/phone-numbers.js, the ES module tools.js loads for the QR generator's numbers.
 */
export default defineConfig(({ mode }): UserConfig => {
  // Bundled React must be its production build, whatever NODE_ENV the caller runs with.
  const define = { 'process.env.NODE_ENV': JSON.stringify('production') };
  if (mode === 'esm') {
    return {
      plugins: [react()],
      build: {
        outDir: here('./dist/esm'),
        emptyOutDir: true,
        lib: { entry: { index: here('./src/index.ts'), 'chat-button': here('./src/chat-button/index.ts') }, formats: ['es'] },
        rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/, 'qrcode.react'] },
      },
    };
  }
  if (mode === 'entries') {
    // dist/esm/tools.js and dist/esm/wa-format.js: the tools without their error boundaries (the host
    // brings its own) and the formatting parser, built apart so the esm build's files stay as they are.
    return {
      plugins: [react()],
      build: {
        outDir: here('./dist/esm'),
        emptyOutDir: false,
        lib: { entry: { tools: here('./src/tools/index.ts'), 'wa-format': here('./src/tools/wa-format.ts') }, formats: ['es'] },
        rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/, 'qrcode.react'] },
      },
    };
  }
  if (mode === 'phone-numbers') {
    // dist/phone-numbers.js: the libphonenumber-js reader as one ES module, which tools.js imports
    // from beside itself only when it mounts a QR generator.
    return {
      define,
      build: {
        outDir: here('./dist'),
        emptyOutDir: false,
        target: 'es2022',
        minify: true,
        lib: { entry: here('./src/phone-numbers.ts'), formats: ['es'], fileName: () => 'phone-numbers.js' },
      },
    };
  }
  const standalone = mode === 'tools' ? { entry: here('./src/tools/standalone.tsx'), name: 'WapiToolsBundle', file: 'tools' } : { entry: here('./src/chat-button/standalone.ts'), name: 'WapiChatButton', file: 'chat-button' };
  return {
    plugins: mode === 'tools' ? [react()] : [],
    define,
    build: {
      outDir: here('./dist'),
      emptyOutDir: false,
      target: 'es2022',
      lib: { entry: standalone.entry, name: standalone.name, formats: ['iife'], fileName: () => `${standalone.file}.js` },
    },
  };
});
