import type { InboxConversation } from './types';

/*
 * What the team inbox of issue 42 reads, as the contract writes it (`/api/live/labels`,
 * `/contacts/{chatId}`, `/mentions`, `/search`). The fields a client needs only: an answer may carry more.
 */

/** A label of the account: the owner defines it, agents apply it by name. */
export interface TeamLabel {
  name: string;
  color: string;
}

/** A conversation's priority, lowest first. */
export const PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;

/** A conversation row with the labels the list and the conversation show (absent before the API sends them). */
export type Labelled = InboxConversation & { labels?: string[] };

/** The labels a row carries. */
export const labelsOf = (c: InboxConversation): string[] => (c as Labelled).labels ?? [];

/** `GET /api/live/contacts/{chatId}`. */
export interface TeamContact {
  chat_id: string;
  name: string;
  number: string;
  email: string | null;
  attributes: Record<string, string>;
  labels: string[];
  conversations: { id: number; status: string; created_at: number; closed_at: number | null }[];
}

/** `POST /api/live/contacts/{chatId}`: an empty name or e-mail removes it. */
export interface ContactEdit {
  name?: string;
  email?: string;
  attributes?: Record<string, string>;
}

/** One mention of the signed-in agent in a note (`GET /api/live/mentions`, the `mention` event). */
export interface TeamMention {
  id: number;
  conversationId: string;
  by: string;
  /** The writer's name; empty when unknown (then `by`, their e-mail, names them). */
  byName: string;
  text: string;
  createdAt: number;
  read: boolean;
}

/** One match of `GET /api/live/search`: what matched (a message, a contact or a note), its text around the words, and its conversation. */
export interface SearchHit {
  kind: 'message' | 'contact' | 'note';
  conversation: InboxConversation;
  snippet: string;
  at: number;
}

/** An agent's reachability (`POST /api/live/presence`). */
export type Presence = 'online' | 'busy' | 'offline';

/** What a bulk action does (`POST /api/live/conversations/bulk`). */
export type BulkAction =
  | { action: 'close' }
  | { action: 'assign'; agentId?: number; to?: 'owner' }
  | { action: 'label'; labels: string[] }
  | { action: 'snooze'; until: number };
