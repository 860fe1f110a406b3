import type { InboxGroup } from './types';

/** Conversations per page of the list (the API's default). */
export const INBOX_PAGE_SIZE = 50;

/** The path of a conversation call. */
export const convPath = (id: string, action: string) => `/api/live/conversations/${encodeURIComponent(id)}/${action}`;

/** The list's label filter (empty for all) and order (latest first, or by priority). */
export interface InboxFilter {
  label: string;
  sort: 'latest' | 'priority';
}

/** The read of one page of a group's list with the search text and the filter. */
export function listPath(group: InboxGroup, page: number, q: string, { label, sort }: InboxFilter): string {
  const params = new URLSearchParams({ state: group, page: String(page), limit: String(INBOX_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (label) params.set('label', label);
  if (sort === 'priority') params.set('sort', 'priority');
  return `/api/live/conversations?${params.toString()}`;
}
