import type { z } from 'zod';
import type { liveSendBody, liveConversationList, liveMessagesAnswer } from '../../../src/shared/schemas/live';

export type InboxGroup = 'waiting' | 'mine' | 'taken' | 'closed' | 'snoozed' | 'none';
export type List = z.infer<typeof liveConversationList>;
export type InboxConversation = List['data'][number];
export type InboxOpen = z.infer<typeof liveMessagesAnswer>['data'];
export type InboxMessage = InboxOpen['messages'][number];
/** A reply: text (emoji included) or a file as a data URI with an optional caption. */
export type InboxReply = z.input<typeof liveSendBody>;
/** The list on screen: the group's conversations and every group's counts. */
export type ListView = Pick<List, 'data' | 'groups'>;
/** A conversation as every agent sees it (the events' row: no `mine`). */
export type Shared = Omit<InboxConversation, 'mine'>;
/** One event of the stream: its type (message, ack, conversation) and its data as the server wrote it. */
export interface InboxEvent {
  type: string;
  data: Record<string, unknown>;
}
