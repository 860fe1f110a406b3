import { atom } from 'nanostores';
import { ApiError } from '../lib/api';
import { errorMessage, screenUrl, visitorCountry } from '../lib/messaging-api';
import { PHONE_MSG } from '../lib/phone-messages';
import { regionOf, type Phone, type Region } from '../lib/phones';
import { updateQuantity } from './billing';
import { addPhone, disablePhone, enablePhone, logoutPhone, runPhoneAction } from './phone-actions';
import { $selected, loadPhones, loadQueues, selectPhone } from './phones';
import { $product, loadProduct } from './product';
import { $quickUpdate, quickUpdateSub, updateFailureText, type QuickUpdate } from './quick-update';
import { showToast } from './toasts';

/** The list (and queues) reload this often so other phones' statuses stay fresh (ours). */
const PHONE_LIST_REFRESH_MS = 20_000;

/** What the detail panel shows: the live screen or the QR view. */
export type DetailView = 'screen' | 'qr';
export type ConfirmAction = 'factoryreset' | 'logout' | 'disable';
export type Confirm = { action: ConfirmAction; phone: Phone } | null;

/** The visitor's region, for the regional notices and the proxy recommendation. */
export const $region = atom<Region | null>(null);
/** True while a phone is being added. */
export const $adding = atom(false);
/** The phone added last on this page (its start-up notice shows while it starts). */
export const $addedId = atom<number | null>(null);
/** The Phone Limit dialog is open. */
export const $limitOpen = atom(false);
/** The Enabled Error dialog's text; '' when closed. */
export const $enableError = atom('');
/** The action waiting for the user's confirmation. */
export const $confirm = atom<Confirm>(null);
export const $detailView = atom<DetailView>('qr');

/** Shows the live screen or the QR view. */
export function showDetailView(view: DetailView): void {
  $detailView.set(view);
}

/** Asks the user to confirm an action on a phone. */
export function askConfirm(action: ConfirmAction, phone: Phone): void {
  $confirm.set({ action, phone });
}

/** Closes the confirmation, quick update, Phone Limit and Enabled Error dialogs. */
export function closeDialogs(): void {
  $confirm.set(null);
  $quickUpdate.set(null);
  $limitOpen.set(false);
  $enableError.set('');
}

/** Loads the phones and queues now and every 20 s, and the visitor's region once; returns the stop. */
export function watchPhoneList(): () => void {
  void loadPhones();
  void loadQueues();
  const timer = setInterval(() => {
    void loadPhones();
    void loadQueues();
  }, PHONE_LIST_REFRESH_MS);
  visitorCountry()
    .then((c) => $region.set(regionOf(c)))
    .catch((e: unknown) => console.warn('location', e));
  return () => clearInterval(timer);
}

/** Runs an action, showing its failure (the server's message) in a toast. */
export async function attempt(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (e) {
    showToast(errorMessage(e), 'error');
  }
}

/** Copies a phone's screen URL, telling the user how it went. */
export async function copyScreenUrl(phone: Phone): Promise<void> {
  const url = screenUrl(phone.id, undefined, window.location.origin);
  try {
    await navigator.clipboard.writeText(url);
    showToast(PHONE_MSG.copied, 'success');
  } catch {
    showToast(`${PHONE_MSG.copyFailed} ${url}`, 'error');
  }
}

const isLimit = (e: unknown) => e instanceof ApiError && e.code === 'PHONE_LIMIT';

/**
 * At the phone limit, the quick update dialog when an eligible plan can be raised in place
 * (activating `activate` after the raise), else false (2-phones §8).
 */
function offerQuickUpdate(activate: number | null): boolean {
  const sub = quickUpdateSub($product.get());
  if (sub) $quickUpdate.set({ sub, activate });
  return sub !== null;
}

/** Adds a phone; a full account opens the quick update, or the Phone Limit dialog without an eligible plan. */
export async function addPhoneFromPage(): Promise<void> {
  $adding.set(true);
  try {
    await addPhone();
    $addedId.set($selected.get()?.id ?? null);
  } catch (e) {
    if (isLimit(e)) {
      if (!offerQuickUpdate(null)) $limitOpen.set(true);
    } else showToast(errorMessage(e), 'error');
  } finally {
    $adding.set(false);
  }
}

/** Selects and enables a disabled phone; at the limit the quick update enables it, else a failure opens Enabled Error. */
export async function enableFromPage(phone: Phone): Promise<void> {
  try {
    selectPhone(phone.id);
    const message = await enablePhone(phone.id);
    showToast(message || 'The phone is enabled.', 'success');
  } catch (e) {
    if (!(isLimit(e) && offerQuickUpdate(phone.id))) $enableError.set(errorMessage(e));
  }
}

/**
 * Applies the quick update: raises the quantity (the server enables the chosen phone with it), then
 * adds the phone the raise made room for. Resolves to the success text; rejects with the text to show.
 */
export async function raiseFromPage(update: QuickUpdate, quantity: number): Promise<string> {
  const { sub, activate } = update;
  let message: string;
  try {
    message = await updateQuantity(
      sub.data.subscription_id,
      quantity,
      sub.data.quantity,
      activate === null ? [] : [activate],
    );
  } catch (e) {
    throw new Error(updateFailureText(e));
  }
  await loadProduct();
  if (activate === null) void addPhoneFromPage();
  else {
    await loadPhones();
    selectPhone(activate);
  }
  return message;
}

/** Runs a menu action: Factory Reset and Logout ask first, the others run at once. */
export function menuAction(phone: Phone, action: Exclude<ConfirmAction, 'disable'> | 'redeploy' | 'restart'): void {
  if (action === 'factoryreset' || action === 'logout') return askConfirm(action, phone);
  void attempt(async () => showToast((await runPhoneAction(phone.id, action)) || 'Done.', 'success'));
}

/** Runs the confirmed action, then closes the dialog. */
export async function runConfirmed(): Promise<void> {
  const confirm = $confirm.get();
  if (!confirm) return;
  const { action, phone } = confirm;
  await attempt(async () => {
    if (action === 'logout') {
      await logoutPhone(phone.id);
      $detailView.set('qr');
      showToast('The phone is logged out.', 'success');
    } else if (action === 'disable') {
      await disablePhone(phone.id);
      showToast('The phone is disabled.', 'success');
    } else showToast(await runPhoneAction(phone.id, 'factoryreset'), 'success');
  });
  $confirm.set(null);
}
