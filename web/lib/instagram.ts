/**
 * The pure rules of the Instagram accounts page (3-developer §2.4, §4, §5, §9): the status a status
 * check gives, what a row click does, which buttons a row offers, the add button's count.
 */
import { INSTAGRAM_MSG } from '../../src/shared/instagram';
import type { Tone } from '../components/Badge';
import type { Phone, StatusFlags } from './phones';

/** The list scrolls when it has more accounts than this (3-developer §9). */
export const SCROLL_ABOVE = 6;
/** How often the page reloads the accounts while it is open (ours; the spec gives none). */
export const ACCOUNTS_POLL_MS = 5_000;

/**
 * The status after a status check (3-developer §4): connection retry gives no internet; not logged in
 * gives not_logged_in; logged in and loading gives loading; logged in with a message gives
 * account-error; otherwise active. A disabled account stays disabled.
 */
export function deriveInstagramStatus(flags: StatusFlags, listed: string): string {
  if (listed === 'disabled') return 'disabled';
  if (flags.connRetry) return 'no internet';
  if (!flags.loggedIn) return 'not_logged_in';
  if (flags.loading) return 'loading';
  if (flags.message) return 'account-error';
  return 'active';
}

/** The status as the page shows it: a connection retry reads 'no internet'. */
export function instagramStatusLabel(status: string): string {
  return status === 'conn-retry' ? 'no internet' : status;
}

/** The colour of a status chip. */
export function instagramStatusTone(status: string): Tone {
  switch (status) {
    case 'active':
      return 'success';
    case 'not_logged_in':
      return 'info';
    case 'loading':
    case 'creating...':
    case 'idle':
    case 'TIMEOUT':
    case 'PAIRING':
      return 'warning';
    case 'account-error':
    case 'no internet':
    case 'conn-retry':
    case 'phone-error':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** What a click on a row does (3-developer §2.4). */
export type RowClick = 'nothing' | 'enable' | 'select' | 'login';

export function rowClick(account: Pick<Phone, 'status' | 'number'>): RowClick {
  const s = account.status;
  if (s === 'loading') return 'nothing';
  if (s === 'disabled') return 'enable';
  if (s === 'active' || s === 'account-error' || (s === 'idle' && account.number)) return 'select';
  return 'login';
}

/** Logout is disabled for loading, not_logged_in, idle, creating... and empty states. */
export function logoutDisabled(status: string): boolean {
  return !status || ['loading', 'not_logged_in', 'idle', 'creating...'].includes(status);
}

/** The disable button shows on every row that is not disabled. */
export function showsDisable(status: string): boolean {
  return status !== 'disabled';
}

/** Enabled accounts count against the instagram limit. */
export function usedAccounts(accounts: readonly Pick<Phone, 'active'>[]): number {
  return accounts.filter((a) => a.active).length;
}

/** The closed-beta notice shows without a subscription package and an instagram limit. */
export function inClosedBeta(
  settings: { subscription_package?: string | null; instagram_limit?: number | null } | undefined,
): boolean {
  return !settings?.subscription_package && !(settings?.instagram_limit ?? 0);
}

/** The login form's errors (3-developer §5): username and password required; the code once asked for. */
export function loginErrors(
  input: { username: string; password: string; code: string },
  codeRequired: boolean,
): { username?: string; password?: string; code?: string } {
  return {
    ...(input.username.trim() ? {} : { username: INSTAGRAM_MSG.usernameRequired }),
    ...(input.password ? {} : { password: INSTAGRAM_MSG.passwordRequired }),
    ...(codeRequired && !input.code.trim() ? { code: INSTAGRAM_MSG.codeRequired } : {}),
  };
}
