import { fromBase64Url, timingSafeEqual, toBase64Url } from './crypto';

/**
 * Password hashes are PBKDF2-SHA256 through WebCrypto, which both Node and Workers provide (Workers
 * cap the iteration count at 100,000, and forbid compiling WASM at run time, which rules argon2 out).
 * Each hash carries its parameters: `pbkdf2-sha256$<iterations>$<salt>$<hash>`.
 */
const ALGO = 'pbkdf2-sha256';
const KEY_BITS = 256;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations: number): Promise<string> {
  const salt = new Uint8Array(16);
  crypto.getRandomValues(salt);
  const hash = await derive(password, salt, iterations);
  return `${ALGO}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, iter, salt, hash] = stored.split('$');
  const iterations = Number(iter);
  if (algo !== ALGO || !salt || !hash || !Number.isInteger(iterations) || iterations < 1) return false;
  const expected = fromBase64Url(hash);
  const actual = await derive(password, fromBase64Url(salt), iterations);
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so that a login for an unknown e-mail costs the same time as
 * one for a known e-mail with a wrong password.
 */
export async function burnPasswordCheck(password: string, iterations: number): Promise<void> {
  dummy ??= hashPassword('not-a-real-password', iterations);
  await verifyPassword(password, await dummy);
}
