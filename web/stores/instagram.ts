import { atom } from 'nanostores';
import type { InstagramLoginResponse } from '../../src/shared/schemas/messaging/instagram';
import { call } from '../lib/api';
import { ACCOUNTS_POLL_MS, deriveInstagramStatus } from '../lib/instagram';
import { credentials, msgGet, msgPost } from '../lib/messaging-api';
import type { Phone, StatusResponse } from '../lib/phones';
import { fetchPhones } from './phones';

/** The product's Instagram accounts (listPhones' rows of type instagram); null until loaded. */
export const $igAccounts = atom<Phone[] | null>(null);
export const $igError = atom('');
/** The account the page has selected (its status was refreshed). */
export const $igSelectedId = atom<number | null>(null);

function patchAccount(id: number, patch: Partial<Phone>): void {
  $igAccounts.set(($igAccounts.get() ?? []).map((a) => (a.id === id ? { ...a, ...patch } : a)));
}

/** Loads the accounts (`GET /listPhones`, the Instagram rows). */
async function loadInstagram(): Promise<void> {
  try {
    $igAccounts.set((await fetchPhones()).filter((p) => p.type === 'instagram'));
    $igError.set('');
  } catch (e) {
    $igError.set(e instanceof Error ? e.message : String(e));
  }
}

/** Loads the accounts and keeps them fresh while the page is open; returns the stop function. */
export function watchInstagram(): () => void {
  $igSelectedId.set(null);
  void loadInstagram();
  const timer = setInterval(() => void loadInstagram(), ACCOUNTS_POLL_MS);
  return () => clearInterval(timer);
}

/** `POST /addInstagram`: adds an account (throws PHONE_LIMIT at the limit) and answers its id. */
export async function addInstagramAccount(): Promise<number> {
  const added = await msgPost<{ id: number }>('/addInstagram', {});
  await loadInstagram();
  return added.id;
}

/** `GET /{id}/status`: selects the account and shows the status the check gives (3-developer §4). */
export async function refreshInstagramStatus(id: number): Promise<void> {
  $igSelectedId.set(id);
  const listed = $igAccounts.get()?.find((a) => a.id === id)?.status ?? '';
  const res = await msgGet<Pick<StatusResponse, 'status' | 'number'>>(`/${id}/status`);
  patchAccount(id, {
    status: deriveInstagramStatus(res.status, listed),
    ...(res.number ? { number: res.number } : {}),
  });
}

export interface LoginInput {
  username: string;
  password: string;
  code: string;
}

/**
 * `POST /{id}/login`. The answer is read whole: `{ success: false, code_required }` is not a failure
 * of the call but the request for a code (`whole`: the client would otherwise turn it into an error).
 */
export async function loginInstagram(id: number, input: LoginInput): Promise<InstagramLoginResponse> {
  const { pid, token } = credentials();
  const payload = {
    username: input.username.trim(),
    password: input.password,
    ...(input.code.trim() ? { code: input.code.trim() } : {}),
  };
  const body = await call<InstagramLoginResponse>('POST', `/api/${pid}/${id}/login`, payload, { token, whole: true });
  if (body.success) {
    patchAccount(id, { number: payload.username });
    await refreshInstagramStatus(id);
  }
  return body;
}

/** `GET /{id}/logout`: the account waits for a login again. */
export async function logoutInstagram(id: number): Promise<void> {
  await msgGet(`/${id}/logout`);
  patchAccount(id, { status: 'loading' });
}

/** `GET /{id}/delete`: disables the account (its data stays; it stops counting against the limit). */
export async function disableInstagram(id: number): Promise<void> {
  await msgGet(`/${id}/delete`);
  patchAccount(id, { status: 'disabled', active: false });
  if ($igSelectedId.get() === id) $igSelectedId.set(null);
}

/** `GET /{id}/enable`: brings a disabled account back; throws the server's message (Enabled Error). */
export async function enableInstagram(id: number): Promise<void> {
  await msgGet(`/${id}/enable`);
  patchAccount(id, { status: 'loading', active: true });
}
