/**
 * The live-chat inbox of the console (/chat) and the agent app (/live): the pure reducer
 * (`reducer.ts`: what an event does to what is on screen) and the store that reads the server and
 * follows its event stream (`store.ts`). This is the one inbox the pages use.
 */
import { createInboxStore } from './store';

export { INBOX_PAGE_SIZE, convPath } from './paths';
export type { InboxConversation, InboxGroup, InboxMessage, InboxOpen, InboxReply } from './types';

/** The inbox the pages use: its atoms and actions are the members `createInboxStore` returns (read them from it). */
export const inbox = createInboxStore();
