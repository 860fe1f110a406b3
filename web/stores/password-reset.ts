import { ApiError, apiPost } from '../lib/api';
import { MSG } from '../lib/messages';

/** Where the reset request comes from, sent as `from` (1-console §7). */
const RESET_FROM = 'console';

export type Outcome = { ok: true } | { ok: false; message: string };

function failure(e: unknown): Outcome {
  return { ok: false, message: e instanceof ApiError && e.fromServer ? e.message : MSG.genericError };
}

/** Asks for a reset link (`POST /api/mailer/resetPassword`). */
export async function requestPasswordReset(email: string): Promise<Outcome> {
  try {
    await apiPost('/api/mailer/resetPassword', { from: RESET_FROM, email: email.trim() });
    return { ok: true };
  } catch (e) {
    return failure(e);
  }
}

/** Sets a new password with a mailed token (`POST /api/verify/resetPassword`). */
export async function resetPassword(token: string, password: string): Promise<Outcome> {
  try {
    await apiPost('/api/verify/resetPassword', { password, token });
    return { ok: true };
  } catch (e) {
    return failure(e);
  }
}
