import { describe, expect, it } from 'vitest';
import { spammyEmail } from '../../src/shared/billing/trial-email';

describe('the spam e-mail rule of the free trial (3-developer §5)', () => {
  it('passes ordinary addresses', () => {
    for (const e of [
      'jane@example.com',
      'a.b+tag@mail.example.org',
      'ab12345678901234567890123456@example.com',
      'Ab123456789012345678901234567890@example.com',
    ])
      expect(spammyEmail(e), e).toBe(false);
  });

  it('refuses invalid addresses and generated local parts (two lowercase or digits, then 28 or more alphanumerics)', () => {
    for (const e of [
      'not-an-email',
      'jane@',
      '@example.com',
      'jane doe@example.com',
      'jane@localhost',
      'ab1234567890123456789012345678@example.com',
      'x9KQmZpL4rT8vWn2sY6uB3cD7fG1hJ5k.x@example.com',
    ]) {
      expect(spammyEmail(e), e).toBe(true);
    }
  });
});
