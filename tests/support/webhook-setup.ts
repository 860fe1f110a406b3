import { afterEach } from 'vitest';
import { takeUndeclared } from './declared-webhooks';

// Setup file of both suites: a webhook delivered during a test that the document does not declare fails that test.
afterEach(async () => {
  const undeclared = await takeUndeclared();
  if (undeclared.length)
    throw new Error(
      `Webhook bodies the document (/api/openapi.json webhooks) does not declare:\n${undeclared.join('\n')}`,
    );
});
