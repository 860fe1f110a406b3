import { atom } from 'nanostores';
import type { z } from 'zod';
import type { cannedListAnswer, noteListAnswer, liveAgentListAnswer } from '../../src/shared/schemas/live';
import { apiGet, apiPost } from '../lib/api';
import { convPath, inbox, type InboxConversation } from './inbox';

const { guarded } = inbox;

export type InboxNote = z.infer<typeof noteListAnswer>['data'][number];
export type CannedReply = z.infer<typeof cannedListAnswer>['data'][number];
export type TransferTarget = z.infer<typeof liveAgentListAnswer>['data'][number];

/** The open conversation's private notes. */
export const $inboxNotes = atom<InboxNote[]>([]);
/** The account's canned replies (inserted in the composer with `/`). */
export const $canned = atom<CannedReply[]>([]);
/** The customer's other conversations (the same chat on other phones, or closed before). */
export const $inboxHistory = atom<InboxConversation[]>([]);
/** The account's agents, for the transfer picker. */
export const $transferTargets = atom<TransferTarget[]>([]);

/** Loads what the side panels of a conversation show: notes and the customer's other conversations. */
export function loadSide(c: InboxConversation): Promise<void> {
  return guarded(async () => {
    const number = c.chatId.split('@')[0] ?? c.chatId;
    const [notes, all] = await Promise.all([
      apiGet<{ data: InboxNote[] }>(convPath(c.id, 'notes')),
      apiGet<{ data: InboxConversation[] }>(`/api/live/conversations?q=${encodeURIComponent(number)}&limit=20`),
    ]);
    $inboxNotes.set(notes.data);
    $inboxHistory.set(all.data.filter((o) => o.chatId === c.chatId && o.id !== c.id));
  });
}

/** Adds a private note (never sent to the customer). */
export function addNote(id: string, text: string): Promise<void> {
  return guarded(async () => {
    const { data } = await apiPost<{ data: InboxNote }>(convPath(id, 'notes'), { text });
    $inboxNotes.set([...$inboxNotes.get(), data]);
  });
}

/** Loads the canned replies and the transfer targets once the inbox opens. */
export function loadInboxExtras(): Promise<void> {
  return guarded(async () => {
    const [canned, agents] = await Promise.all([
      apiGet<{ data: CannedReply[] }>('/api/live/canned'),
      apiGet<{ data: TransferTarget[] }>('/api/live/agents'),
    ]);
    $canned.set(canned.data);
    $transferTargets.set(agents.data);
  });
}

/** Adds a canned reply, or changes the one with `id`; throws the server's message when refused. */
export async function saveCanned(reply: { shortcut: string; text: string }, id?: number): Promise<void> {
  const { data } = await apiPost<{ data: CannedReply }>(id ? `/api/live/canned/${id}` : '/api/live/canned', reply);
  const rest = $canned.get().filter((c) => c.id !== data.id);
  $canned.set([...rest, data].sort((a, b) => a.shortcut.localeCompare(b.shortcut)));
}

/** Deletes a canned reply; throws the server's message when refused. */
export async function deleteCanned(id: number): Promise<void> {
  await apiPost(`/api/live/canned/${id}/delete`, {});
  $canned.set($canned.get().filter((c) => c.id !== id));
}
