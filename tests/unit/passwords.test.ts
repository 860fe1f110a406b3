import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/services/auth/passwords';

describe('password hashing', () => {
  it('stores its parameters and a random salt with each hash', async () => {
    const a = await hashPassword('Secret#123', 10_000);
    const b = await hashPassword('Secret#123', 10_000);
    expect(a).toMatch(/^pbkdf2-sha256\$10000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only, whatever the stored iteration count', async () => {
    const h = await hashPassword('Secret#123', 12_345);
    expect(await verifyPassword('Secret#123', h)).toBe(true);
    expect(await verifyPassword('Secret#124', h)).toBe(false);
    expect(await verifyPassword('Secret#123', 'garbage')).toBe(false);
    expect(await verifyPassword('Secret#123', h.replace('pbkdf2-sha256', 'md5'))).toBe(false);
  });
});
