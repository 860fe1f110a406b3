import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    testTimeout: 20_000,
    // Every webhook a test delivers or receives must be one the document declares (tests/support/declared-webhooks.ts).
    setupFiles: ['tests/support/webhook-setup.ts'],
  },
});
