import { atom } from 'nanostores';
import { apiGet, apiPost } from '../../lib/api';
import { $inboxAgent } from '../inbox-agent';
import { $user } from '../session';
import { showToast } from '../toasts';
import { inbox } from './index';
import {
  applyTeamEvent,
  type BulkResult,
  bulkRefusals,
  EMPTY_TEAM,
  type Me,
  mentionOf,
  readMentions,
  type TeamState,
  toggleId,
} from './team-reducer';
import type { BulkAction, ContactEdit, Presence, SearchHit, TeamContact, TeamLabel } from './team-types';

const { conversationCall, guarded, loadInbox, onTeamEvent, openConversation } = inbox;
/*
 * The team inbox of issue 42 beside the conversations: labels, the contact panel, snooze,
 * priority, unread, presence, mentions, search and bulk actions. The state changes go through the
 * pure `team-reducer.ts`; a conversation's change comes back as its row (the store's
 * `conversationCall`) and as the stream's `conversation` event.
 */

/** Labels, mentions, presence and the contact panel's contact. */
export const $team = atom<TeamState>(EMPTY_TEAM);
/** This agent's own presence (what the header's toggle shows). */
export const $presence = atom<Presence>('online');
/** The conversations picked for a bulk action. */
export const $selected = atom<string[]>([]);
/** The search across messages, contacts and notes: null when none is on screen. */
export const $searchHits = atom<SearchHit[] | null>(null);

const chatPath = (chatId: string) => `/api/live/contacts/${encodeURIComponent(chatId)}`;

/** Who this inbox is: the signed-in agent, or the owner from the console. */
function me(): Me {
  const agent = $inboxAgent.get();
  if (agent) return { email: agent.email, holder: `a:${agent.id}` };
  const user = $user.get();
  return { email: user?.email ?? '', ...(user ? { holder: `o:${user.id}` } : {}) };
}

/** Applies one team event of the stream; a mention of this agent shows the console's toast. */
function applyEvent(event: Parameters<typeof applyTeamEvent>[1]): void {
  const who = me();
  const { state, toast } = applyTeamEvent($team.get(), event, who);
  $team.set(state);
  // Its own presence changed elsewhere (another tab, or offline when the last stream closed).
  if (event.type === 'presence' && event.data.holder === who.holder) $presence.set(event.data.status as Presence);
  if (toast) showToast(toast);
}

/** Follows the team events while the inbox is on screen; loads the labels and the mentions. Returns the stop. */
export function watchTeam(): () => void {
  void loadLabels();
  void loadMentions();
  void loadPresence();
  return onTeamEvent(applyEvent);
}

/** The account's labels (`GET /api/live/labels`). */
function loadLabels(): Promise<void> {
  return guarded(async () => {
    const { data } = await apiGet<{ data: TeamLabel[] }>('/api/live/labels');
    $team.set({ ...$team.get(), labels: data.map(({ name, color }) => ({ name, color })) });
  });
}

/** This agent's mentions (`GET /api/live/mentions`), newest first. */
function loadMentions(): Promise<void> {
  return guarded(async () => {
    const { data, unread } = await apiGet<{ data: Record<string, unknown>[]; unread: number }>('/api/live/mentions');
    const mentions = data.flatMap((m) => mentionOf(m, null) ?? []);
    $team.set({ ...$team.get(), mentions, unreadMentions: unread });
  });
}

/** The mentions list is looked at: the badge clears, and the server marks them read (`POST /api/live/mentions/read`). */
export function seeMentions(): void {
  if ($team.get().unreadMentions === 0) return;
  $team.set(readMentions($team.get()));
  void guarded(() => apiPost('/api/live/mentions/read', {}).then(() => {}));
}

/** This agent's presence as the server holds it (`GET /api/live/presence` lists the team's); unread, the toggle shows online. */
async function loadPresence(): Promise<void> {
  const read = await apiGet<{ data: { email: string; status: Presence }[] }>('/api/live/presence').catch(() => null);
  const mine = read?.data.find((p) => p.email === me().email);
  if (mine) $presence.set(mine.status);
}

/** Sets the labels of a conversation by name (`POST .../labels`). */
export const applyLabels = (id: string, labels: string[]) => conversationCall(id, 'labels', { labels });
/** Snoozes a conversation until `until` (ms): it opens again then or when the customer writes. */
export const snooze = (id: string, until: number) => conversationCall(id, 'snooze', { until });
/** Sets a conversation's priority. */
export const setPriority = (id: string, priority: string) => conversationCall(id, 'priority', { priority });
/** Marks a conversation unread again. */
export const markUnread = (id: string) => conversationCall(id, 'unread', {});

/** Sets this agent's presence (`POST /api/live/presence`); the toggle shows the new one once the server has it. */
export function setPresence(status: Presence): Promise<void> {
  return guarded(async () => {
    await apiPost('/api/live/presence', { status });
    $presence.set(status);
  });
}

/** Reads the contact panel's contact (`GET /api/live/contacts/{chatId}`); another customer's leaves the panel at once. */
export function loadContact(chatId: string): Promise<void> {
  if ($team.get().contact?.chat_id !== chatId) $team.set({ ...$team.get(), contact: null });
  return guarded(async () => {
    const { data } = await apiGet<{ data: TeamContact }>(chatPath(chatId));
    $team.set({ ...$team.get(), contact: data });
  });
}

/** Saves the contact's name, e-mail and attributes; throws the server's message when refused. */
export async function saveContact(chatId: string, edit: ContactEdit): Promise<void> {
  const { data } = await apiPost<{ data?: TeamContact }>(chatPath(chatId), edit);
  const held = $team.get().contact;
  if (held?.chat_id === chatId) $team.set({ ...$team.get(), contact: { ...held, ...edit, ...data } });
}

/** Searches the account's messages, contacts and notes (`GET /api/live/search`); an empty text clears it. */
export function searchAll(q: string): Promise<void> {
  if (!q.trim()) return Promise.resolve($searchHits.set(null));
  return guarded(async () => {
    const { data } = await apiGet<{ data: SearchHit[] }>(
      `/api/live/search?q=${encodeURIComponent(q.trim().slice(0, 200))}`,
    );
    $searchHits.set(data);
  });
}

/** Opens a search hit's or a mention's conversation. */
export const openFound = (conversationId: string) => openConversation(conversationId);

/** Picks or unpicks a conversation for a bulk action; `all` picks those given (none: clears). */
export const toggleSelected = (id: string) => $selected.set(toggleId($selected.get(), id));
export const selectAll = (ids: string[]) => $selected.set(ids);

/**
 * Runs a bulk action on the picked conversations (`POST /api/live/conversations/bulk`), then reads
 * the list; those refused stay picked and the error says how many and why.
 */
export function runBulk(action: BulkAction): Promise<void> {
  const ids = $selected.get();
  if (ids.length === 0) return Promise.resolve();
  return guarded(async () => {
    const { data } = await apiPost<{ data: BulkResult[] }>('/api/live/conversations/bulk', { ids, ...action });
    const { selected, message } = bulkRefusals(data);
    $selected.set(selected);
    await loadInbox();
    if (message) throw new Error(message);
  });
}
