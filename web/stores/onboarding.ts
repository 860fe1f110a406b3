import { atom } from 'nanostores';
import type { z } from 'zod';
import type { getStartedAnswer, sentToStaffAnswer } from '../../src/shared/schemas/console/onboarding';
import { trialPlanId } from '../../src/shared/billing/plans';
import { apiGet, apiPost } from '../lib/api';
import { getConfig } from '../lib/bootstrap';
import { loadProduct } from './product';

/** The onboarding area's data and actions: get-started progress, the free trial from the welcome modal, survey and contact. */

export type GetStarted = z.infer<typeof getStartedAnswer>;
type Sent = z.infer<typeof sentToStaffAnswer>;

const path = (call: string) => `/api/${getConfig().brand}/${call}`;

/** The get-started cards and progress, computed by the server; null until loaded. */
export const $getStarted = atom<GetStarted | null>(null);

/**
 * The welcome modal (3-developer §2.7): `open` after the sign-up and from the trial card's Start Trial;
 * `auto` shows it on /get-started while the account has neither a trial nor a plan; `closed` until the
 * next page.
 */
export const $welcome = atom<'auto' | 'open' | 'closed'>('auto');

/** Opens the welcome modal (the sign-up, the trial card's Start Trial). */
export function openWelcome(): void {
  $welcome.set('open');
}

/** Closes the welcome modal for the rest of this visit. */
export function closeWelcome(): void {
  $welcome.set('closed');
}

/** Loads the get-started progress (the header widget reloads it on every page change). */
export async function loadGetStarted(): Promise<void> {
  $getStarted.set(await apiGet<GetStarted>(path('getStarted')));
}

/** Starts the API free trial (the welcome modal's Start Trial), then reloads the product and the progress. */
export async function startApiTrial(): Promise<void> {
  await apiPost(path('createFreeTrial'), { type: trialPlanId(getConfig().brand, 'api') });
  await Promise.all([loadProduct(), loadGetStarted()]);
}

/** Sends the survey's platforms to staff; answers the message to show. */
export async function sendSurvey(platforms: readonly string[], other: string): Promise<string> {
  return (await apiPost<Sent>(path('survey'), { platforms, ...(platforms.includes('Others') ? { other } : {}) }))
    .message;
}

/** Sends a message from the contact page to staff; answers the message to show. */
export async function sendContact(message: string): Promise<string> {
  return (await apiPost<Sent>(path('contact'), { message })).message;
}
