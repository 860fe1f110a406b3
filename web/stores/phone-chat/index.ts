/**
 * The phone chat of the phone-detail page: the pure reducer (`reducer.ts`: what an event of the
 * phone's chat stream does to what is on screen) and the store that reads the messaging API and
 * follows that stream (`store.ts`).
 */
import { createPhoneChatStore } from './store';

export { withOpenChatRead } from './reducer';
export type { ChatMessage, Conversation } from './types';

export const {
  $chatPhone,
  $conversations,
  $chat,
  $messages,
  $messagesError,
  $chatStream,
  loadMessages,
  openChat,
  closeChat,
  sendChatText,
} = createPhoneChatStore();
