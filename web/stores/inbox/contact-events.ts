import type { InboxConversation, InboxOpen, ListView } from './types';

/*
 * What the inbox's `contact` event does to the rows on screen (issue 42), pure like the reducer: a
 * contact's saved name (POST /api/live/contacts/{chatId}) is the name of its conversations on every
 * line, so every agent's list and open conversation show it without a reload.
 */

/** The rows of the inbox's state (reducer.ts) this event changes. */
interface Rows {
  list: ListView | null;
  counted: ReadonlyMap<string, InboxConversation>;
  open: InboxOpen | null;
}

/** Applies a contact's edit (`{chatId, contact: {name}}`) to the list, the counted rows and the open conversation. */
export function applyContactName<S extends Rows>(state: S, data: Record<string, unknown>): S {
  const contact = data.contact as { name?: unknown } | undefined;
  const chatId = data.chatId;
  const name = contact?.name;
  if (typeof chatId !== 'string' || typeof name !== 'string' || !name) return state;
  const renamed = <T extends InboxConversation>(r: T): T =>
    r.chatId === chatId && r.name !== name ? { ...r, name } : r;
  const list = state.list && { ...state.list, data: state.list.data.map(renamed) };
  const counted = new Map([...state.counted].map(([id, r]) => [id, renamed(r)]));
  const open = state.open && { ...state.open, conversation: renamed(state.open.conversation) };
  return { ...state, list, counted, open };
}
