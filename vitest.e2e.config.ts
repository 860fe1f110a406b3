import { defineConfig } from 'vitest/config';
import { widgetEntryAliases } from './widgets/source-entries';

/** Browser and process-level tests: a real server, real Chromium, a real Worker runtime. */
export default defineConfig({
  // The console modules the tests import reach the widget package's entries from their source.
  resolve: { alias: widgetEntryAliases() },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    // Prints the Chromium version once per run.
    globalSetup: ['tests/e2e/support/chromium-version.ts'],
    testTimeout: 120_000,
    // Every webhook a test delivers or receives must be one the document declares (tests/support/declared-webhooks.ts).
    setupFiles: ['tests/support/webhook-setup.ts'],
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
