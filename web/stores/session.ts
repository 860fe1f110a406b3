import { atom } from 'nanostores';
import { ApiError, apiPost, setUnauthorizedHandler } from '../lib/api';
import { getBootstrap, type User } from '../lib/bootstrap';
import { MSG } from '../lib/messages';
import { clearProduct } from './product';

/** The signed-in user, or null for an anonymous visitor. */
export const $user = atom<User | null>(getBootstrap().user);
/** 'login' while signing in or registering, 'profile' while loading the user (1-console §4). */
export const $authLoading = atom<'login' | 'profile' | null>(null);
/** The last sign-in or registration failure; empty when there is none. */
export const $authError = atom('');

const TOO_MANY_REQUESTS = 429;
const CONFLICT = 409;

function signedOut(): void {
  $user.set(null);
  clearProduct();
}

// An invalid session is treated as logged out (1-console §4).
setUnauthorizedHandler(signedOut);

/** Replaces the signed-in user with the server's latest view (after a profile update). */
export function setUser(user: User): void {
  $user.set(user);
}

/** Clears the stored auth error (when a form is edited or left). */
export function clearAuthError(): void {
  $authError.set('');
}

/**
 * Signs in. On failure stores "Could't login...", or the server's message for rate-limited attempts.
 * Resolves to true on success.
 */
export async function login(username: string, password: string): Promise<boolean> {
  $authLoading.set('login');
  $authError.set('');
  try {
    const body = await apiPost<{ data: User }>('/api/auth/login', { username, password });
    $user.set(body.data);
    return true;
  } catch (e) {
    const limited = e instanceof ApiError && e.status === TOO_MANY_REQUESTS && e.fromServer;
    $authError.set(limited ? e.message : MSG.loginStoredError);
    return false;
  } finally {
    $authLoading.set(null);
  }
}

/**
 * Registers and signs in. On failure stores 'The mail already used.' for a taken address, the
 * server's message when rate limited, else "Could't register...". Resolves to true on success.
 */
export async function register(email: string, password: string): Promise<boolean> {
  $authLoading.set('login');
  $authError.set('');
  try {
    const body = await apiPost<{ data: User }>('/api/auth/register', { email, password });
    $user.set(body.data);
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === CONFLICT) $authError.set(MSG.mailUsed);
    else if (e instanceof ApiError && e.status === TOO_MANY_REQUESTS && e.fromServer) $authError.set(e.message);
    else $authError.set(MSG.registerStoredError);
    return false;
  } finally {
    $authLoading.set(null);
  }
}

/** Ends the session (a POST: CSRF applies). The local state is cleared even when the server cannot be reached. */
export async function logout(): Promise<void> {
  try {
    await apiPost('/api/auth/logout', {});
  } catch {
    // Signing out locally still protects this browser; the cookie expires on its own.
  }
  signedOut();
}
