/**
 * The live-chat inbox of the console (/chat) and the agent app (/live): the pure reducer
 * (`reducer.ts`: what an event does to what is on screen) and the store that reads the server and
 * follows its event stream (`store.ts`). This is the one inbox the pages use.
 */
import { createLiveStore } from './store';

export { LIVE_PAGE_SIZE, convPath } from './store';
export type { LiveConversation, LiveGroup, LiveMessage, LiveOpen, LiveReply } from './types';

export const {
  $liveGroup,
  $liveQuery,
  $liveList,
  $liveOpen,
  $liveError,
  $livePages,
  $liveHasMore,
  $liveStream,
  guarded,
  loadInbox,
  loadMoreInbox,
  showGroup,
  searchInbox,
  openConversation,
  closePane,
  liveAction,
  transferTo,
  sendReply,
  watchInbox,
  onMoreWaitingCount,
} = createLiveStore();
