import type { z } from 'zod';
import type { conversation } from '../../../src/shared/schemas/messaging/answers';

/** A conversation of `getConversations`. */
export type Conversation = z.infer<typeof conversation>;
/**
 * A message of a conversation (message-data plus delivery state). Local: the shared schema names only
 * id, fromMe, timestamp and status, not the fields of each type the chat shows.
 */
export interface ChatMessage {
  id: string | number;
  type: string;
  text?: string;
  url?: string;
  caption?: string;
  filename?: string;
  mime?: string;
  fromMe: boolean;
  timestamp: number;
  status?: string;
  ack?: number | null;
  payload?: string;
  vcardList?: { displayName: string; vcard: string }[];
  error?: string;
  [key: string]: unknown;
}
export interface OpenChat {
  id: string;
  name: string;
}
/** One event of the phone's chat stream (message, ack) with its data as the server wrote it. */
export interface ChatEvent {
  type: string;
  data: Record<string, unknown>;
}
