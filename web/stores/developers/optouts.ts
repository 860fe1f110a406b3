import { atom } from 'nanostores';
import type { z } from 'zod';
import type {
  OptoutRow,
  OptoutSettings,
  optoutDeleteResponse,
  optoutsAddResponse,
  optoutsResponse,
} from '../../../src/shared/schemas/optouts';
import { errorMessage, msgDelete, msgGet, msgPost } from '../../lib/messaging-api';

export type { OptoutRow };
type Page = z.infer<typeof optoutsResponse>;
export type OptoutsAdded = z.infer<typeof optoutsAddResponse>;

const PAGE = 50;

/** The opt-out list as far as it is loaded (newest first); null while the first page loads. */
export const $optouts = atom<OptoutRow[] | null>(null);
/** Where the next page starts; null when everything is loaded. */
export const $optoutsCursor = atom<string | null>(null);
export const $optoutsError = atom('');
/** The product's own words; null while they load. */
export const $optoutWords = atom<string[] | null>(null);

/** Loads the first page again (after a change), or the next one (`more`). */
export async function loadOptouts(more = false): Promise<void> {
  const cursor = more ? $optoutsCursor.get() : null;
  try {
    const page = await msgGet<Page>(`/optouts?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
    $optouts.set(more ? [...($optouts.get() ?? []), ...page.data] : page.data);
    $optoutsCursor.set(page.next_cursor);
    $optoutsError.set('');
  } catch (e) {
    $optoutsError.set(errorMessage(e));
  }
}

export async function loadOptoutWords(): Promise<void> {
  try {
    $optoutWords.set((await msgGet<OptoutSettings>('/optouts/settings')).words);
  } catch (e) {
    $optoutsError.set(errorMessage(e));
  }
}

/** Numbers typed or pasted: one per line, or separated by commas or semicolons. */
export function numbersIn(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Adds numbers (`POST /optouts`) and reloads the list; the answer says which were invalid. */
export async function addOptouts(numbers: string[]): Promise<OptoutsAdded> {
  const added = await msgPost<OptoutsAdded>('/optouts', { numbers });
  await loadOptouts();
  return added;
}

/** Takes a number off the list (`DELETE /optouts/{number}`). */
export async function removeOptout(number: string): Promise<void> {
  await msgDelete<z.infer<typeof optoutDeleteResponse>>(`/optouts/${encodeURIComponent(number)}`);
  $optouts.set(($optouts.get() ?? []).filter((r) => r.number !== number));
}

/** Replaces the product's words (`POST /optouts/settings`); the server's normal form comes back. */
export async function saveOptoutWords(words: string[]): Promise<string[]> {
  const saved = (await msgPost<OptoutSettings>('/optouts/settings', { words })).words;
  $optoutWords.set(saved);
  return saved;
}
