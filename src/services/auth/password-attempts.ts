import type { ServiceCtx } from '../context';
import { hitLimits, takeBackHits, type Limit } from './rate-limit';

const MINUTE = 60_000;
/** Password checks in 15-minute windows: failures per account from one address, and all attempts per address. */
export const LOGIN_LIMITS = { perAccountAddress: 10, perAddress: 100, windowMs: 15 * MINUTE };

/**
 * Runs a password check (a login, or the current password of a password change) under the login
 * limits. The hit against the account-and-address allowance is taken before the check, so parallel
 * guesses cannot slip past it, and given back when the check succeeds (answers truthy): only
 * failures use it up, and failures from one address never lock the account out from another.
 */
export async function limitedPasswordCheck<T>(
  ctx: ServiceCtx,
  email: string,
  address: string,
  check: () => Promise<T>,
): Promise<T> {
  const failures: Limit = {
    key: `login:acct-ip:${email}|${address}`,
    max: LOGIN_LIMITS.perAccountAddress,
    windowMs: LOGIN_LIMITS.windowMs,
  };
  await hitLimits(ctx, [
    failures,
    { key: `login:ip:${address}`, max: LOGIN_LIMITS.perAddress, windowMs: LOGIN_LIMITS.windowMs },
  ]);
  const result = await check();
  if (result) await takeBackHits(ctx, [failures]);
  return result;
}
