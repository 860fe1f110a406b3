import { defineConfig } from 'vitest/config';
import { widgetEntryAliases } from './widgets/source-entries';

export default defineConfig({
  // The console's imports of the widget package's entries, from their source (as the console build does).
  resolve: { alias: widgetEntryAliases() },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    testTimeout: 20_000,
    // Every webhook a test delivers or receives must be one the document declares (tests/support/declared-webhooks.ts).
    setupFiles: ['tests/support/webhook-setup.ts'],
  },
});
