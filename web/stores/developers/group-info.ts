import { atom } from 'nanostores';
import type { z } from 'zod';
import type { groupInfoResponse } from '../../../src/shared/schemas/messaging/answers';
import { DEV_MSG } from '../../lib/dev-messages';
import { groupPagePhones } from '../../lib/developers';
import { ApiError } from '../../lib/api';
import { msgGet } from '../../lib/messaging-api';
import type { Phone } from '../../lib/phones';
import { fetchPhones } from '../phones';

/** A group of the group info page. */
export type GroupInfo = z.infer<typeof groupInfoResponse>['data'][number];
export type GroupAction = 'removed' | 'suspended';
/** The page limits the group fetch tries in turn (3-developer §2.3). */
const GROUP_INFO_LIMITS = [500, 450, 400] as const;

/** Every group of a kind: page limit 500, then 450, then 400 when a fetch fails; all pages are read. */
async function fetchGroupInfo(phoneId: number, action: GroupAction): Promise<GroupInfo[]> {
  let lastError: unknown;
  for (const limit of GROUP_INFO_LIMITS) {
    try {
      const out: GroupInfo[] = [];
      for (let page = 1; ; page++) {
        const body = await msgGet<z.infer<typeof groupInfoResponse>>(
          `/${phoneId}/groupInfo?action=${action}&pageLimit=${limit}&page=${page}`,
        );
        out.push(...body.data);
        if (body.data.length < limit || out.length >= body.total) return out;
      }
    } catch (e) {
      lastError = e;
    }
  }
  throw lastError;
}

/** The text of a failed group fetch (3-developer §8): the server's message, else one of two defaults. */
export function groupFetchError(e: unknown): string {
  if (e instanceof ApiError && e.code) return e.message;
  if (e instanceof ApiError && e.status > 0) return DEV_MSG.groupFetchFailed;
  return DEV_MSG.groupFetchError;
}

/** The phones the page offers (all but those showing a QR or idle); null until loaded. */
export const $groupInfoPhones = atom<Phone[] | null>(null);
export const $groupInfoPhonesError = atom('');
/** The chosen phone's id as text; '' before one is chosen. */
export const $groupInfoPhoneId = atom('');
export const $groupInfoAction = atom<GroupAction>('removed');
/** The groups of the chosen phone and kind; null while loading. */
export const $groups = atom<GroupInfo[] | null>(null);
export const $groupsError = atom('');
// Answers for an earlier phone or kind are dropped.
let query = 0;

function load(): void {
  const run = ++query;
  $groups.set(null);
  $groupsError.set('');
  const phoneId = $groupInfoPhoneId.get();
  if (!phoneId) return;
  fetchGroupInfo(Number(phoneId), $groupInfoAction.get())
    .then((list) => run === query && $groups.set(list))
    .catch((e: unknown) => run === query && $groupsError.set(groupFetchError(e)));
}

/** The page opens on no phone and removed groups, and loads the phones. */
export function openGroupInfo(): void {
  $groupInfoPhones.set(null);
  $groupInfoPhonesError.set('');
  $groupInfoPhoneId.set('');
  $groupInfoAction.set('removed');
  load();
  fetchPhones()
    .then((list) => $groupInfoPhones.set(groupPagePhones(list)))
    .catch(() => {
      $groupInfoPhones.set([]);
      $groupInfoPhonesError.set(DEV_MSG.failedToLoadPhones);
    });
}

/** Shows the groups of another phone. */
export function chooseGroupPhone(phoneId: string): void {
  $groupInfoPhoneId.set(phoneId);
  load();
}

/** Shows removed or suspended groups. */
export function chooseGroupAction(action: GroupAction): void {
  $groupInfoAction.set(action);
  load();
}
