import type { z } from 'zod';
import type { liveSendBody, liveConversationList, liveMessagesAnswer } from '../../../src/shared/schemas/live';

export type LiveGroup = 'waiting' | 'mine' | 'taken' | 'closed' | 'none';
export type List = z.infer<typeof liveConversationList>;
export type LiveConversation = List['data'][number];
export type LiveOpen = z.infer<typeof liveMessagesAnswer>['data'];
export type LiveMessage = LiveOpen['messages'][number];
/** A reply: text (emoji included) or a file as a data URI with an optional caption. */
export type LiveReply = z.input<typeof liveSendBody>;
/** The list on screen: the group's conversations and every group's counts. */
export type ListView = Pick<List, 'data' | 'groups'>;
/** A conversation as every agent sees it (the events' row: no `mine`). */
export type Shared = Omit<LiveConversation, 'mine'>;
/** One event of the stream: its type (message, ack, conversation) and its data as the server wrote it. */
export interface LiveEvent {
  type: string;
  data: Record<string, unknown>;
}
