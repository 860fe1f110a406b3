import { atom } from 'nanostores';
import type { z } from 'zod';
import type { feedbackAnswer, footprintAnswer, suspectedAnswer } from '../../src/shared/schemas/staff/users';
import { FEEDBACK_SINCE, STAFF_FETCH_LIMIT, STAFF_PAGE_SIZE } from '../../src/shared/staff-limits';
import { apiGet, apiPost } from '../lib/api';
import { MSG } from '../lib/messages';
import { staffPath } from './staff';

export type FootprintPage = Omit<z.infer<typeof footprintAnswer>, 'success'>;
export type FeedbackPage = Omit<z.infer<typeof feedbackAnswer>, 'success'>;
export type SuspectedPage = Omit<z.infer<typeof suspectedAnswer>, 'success'>;
export interface FeedbackFilter {
  email: string;
  /** ISO time; feedback given at or after it. */
  date: string;
  reason: string;
}
export { FEEDBACK_SINCE, STAFF_PAGE_SIZE };

/** The footprint, feedback and checkout-error pages on screen; null while loading. */
export const $footprint = atom<FootprintPage | null>(null);
export const $feedback = atom<FeedbackPage | null>(null);
export const $suspected = atom<SuspectedPage | null>(null);
/** A failed load of any of the three (fetch errors are otherwise only logged, 4-admin §8). */
export const $staffUsersError = atom('');

// Typing in a filter fires a load per key: only the newest answer may land.
const latest = { footprint: 0, feedback: 0, suspected: 0 };

async function loadInto<T>(
  which: keyof typeof latest,
  target: { set(v: T | null): void },
  fetch: () => Promise<T>,
): Promise<void> {
  const n = ++latest[which];
  $staffUsersError.set('');
  try {
    const value = await fetch();
    if (n === latest[which]) target.set(value);
  } catch (e) {
    console.error(e);
    if (n === latest[which]) $staffUsersError.set(MSG.loadFailed);
  }
}

/** Loads a page of users, optionally those whose e-mail contains `email`. */
export function loadFootprint(page: number, email: string): Promise<void> {
  return loadInto('footprint', $footprint, async () => {
    const { result, general } = await apiPost<FootprintPage>(staffPath('footprint'), {
      page,
      limit: STAFF_PAGE_SIZE,
      filter: email ? { email } : {},
    });
    return { result, general };
  });
}

const feedbackFilter = (f: FeedbackFilter) => ({
  date: f.date,
  ...(f.email ? { email: f.email } : {}),
  ...(f.reason ? { reason: f.reason } : {}),
});

/** Loads a page of unsubscribe feedback under the filter. */
export function loadFeedback(page: number, f: FeedbackFilter): Promise<void> {
  return loadInto('feedback', $feedback, async () => {
    const { footprints, general } = await apiPost<FeedbackPage>(staffPath('feedback'), {
      page,
      limit: STAFF_PAGE_SIZE,
      filter: feedbackFilter(f),
    });
    return { footprints, general };
  });
}

/** The e-mails of all feedback under the filter (up to the fetch limit), once each, for Copy Emails. */
export async function feedbackEmails(f: FeedbackFilter): Promise<string> {
  const { footprints } = await apiPost<FeedbackPage>(staffPath('feedback'), {
    page: 1,
    limit: STAFF_FETCH_LIMIT,
    filter: feedbackFilter(f),
  });
  return [...new Set(footprints.map((r) => r.email))].join('\n');
}

/** Loads a page of suspected checkout opens. */
export function loadSuspected(page: number): Promise<void> {
  return loadInto('suspected', $suspected, async () => {
    const { result, total } = await apiGet<SuspectedPage>(
      `${staffPath('suspectedOpens')}?page=${page}&limit=${STAFF_PAGE_SIZE}`,
    );
    return { result, total };
  });
}
