/**
 * The live-chat inbox of the console (/chat) and the agent app (/live): the pure reducer
 * (`reducer.ts`: what an event does to what is on screen) and the store that reads the server and
 * follows its event stream (`store.ts`). This is the one inbox the pages use.
 */
import { createInboxStore } from './store';

export { INBOX_PAGE_SIZE, convPath } from './paths';
export type { InboxConversation, InboxGroup, InboxMessage, InboxOpen, InboxReply } from './types';

export const {
  $inboxGroup,
  $inboxQuery,
  $inboxFilter,
  $inboxList,
  $inboxOpen,
  $inboxError,
  $inboxPages,
  $inboxHasMore,
  $inboxStream,
  guarded,
  loadInbox,
  loadMoreInbox,
  showGroup,
  searchInbox,
  filterInbox,
  openConversation,
  closePane,
  inboxAction,
  transferTo,
  conversationCall,
  sendReply,
  watchInbox,
  onMoreWaitingCount,
  onTeamEvent,
} = createInboxStore();
