import type { InboxEvent } from './types';
import { PRIORITIES, type Presence, type TeamContact, type TeamLabel, type TeamMention } from './team-types';

/*
 * The pure half of the team inbox (issue 42): what a team event of the stream does to the labels,
 * the mentions, the presence and the open contact on screen, and the small rules the controls use
 * (snooze presets, the `@Name` being typed). No atom, no fetch, no timer: the store calls these.
 */

/** What the team inbox shows beside the conversations. */
export interface TeamState {
  labels: TeamLabel[];
  mentions: TeamMention[];
  /** Mentions of this agent not opened yet (the badge). */
  unreadMentions: number;
  /** The account's agents' reachability, by holder (`a:<id>`, `o:<uid>`) or e-mail. */
  presence: Readonly<Record<string, Presence>>;
  /** The contact panel's contact. */
  contact: TeamContact | null;
}

/** Who this inbox is: a mention is this agent's when it names one of these. */
export interface Me {
  email: string;
  holder?: string;
}

export const EMPTY_TEAM: TeamState = { labels: [], mentions: [], unreadMentions: 0, presence: {}, contact: null };

/** The team events the store applies with `applyTeamEvent`. */
export const TEAM_EVENTS = ['mention', 'labels', 'presence', 'contact'] as const;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** A mention as the event or `GET /api/live/mentions` writes it, when it names `me` (null: the list of this agent's own); else null. */
export function mentionOf(raw: Record<string, unknown>, me: Me | null): TeamMention | null {
  const m = { ...raw, ...record(raw.mention) };
  const note = record(m.note);
  const whom = [str(m.holder), str(m.email), str(m.to)].filter(Boolean);
  if (me && whom.length && !whom.includes(me.email) && !(me.holder && whom.includes(me.holder))) return null;
  const id = Number(m.id ?? note.id);
  if (!Number.isFinite(id)) return null;
  return {
    id,
    conversationId: str(m.conversationId ?? m.conversation_id),
    by: str(m.by ?? m.byEmail ?? note.author),
    byName: str(m.byName),
    text: typeof m.note === 'string' ? m.note : str(m.text ?? note.text),
    createdAt: Number(m.createdAt ?? m.created_at ?? note.createdAt ?? 0),
    read: Boolean(m.read ?? m.readAt ?? m.read_at),
  };
}

/**
 * Applies one team event: a mention of this agent is added once (`toast` names who mentioned it,
 * so the page can say so), the labels' definitions are replaced, a presence moves, an edit of the
 * open contact shows. Applying an event twice changes nothing the second time.
 */
export function applyTeamEvent(
  state: TeamState,
  { type, data }: InboxEvent,
  me: Me,
): { state: TeamState; toast?: string } {
  if (type === 'mention' && data.read !== undefined) {
    // This agent's mentions were read (in another tab): `read` is their ids or 'all'.
    if (mentionOf({ ...data, id: 0 }, me) === null) return { state };
    const ids = Array.isArray(data.read) ? (data.read as number[]) : null;
    const mentions = state.mentions.map((m) => (!ids || ids.includes(m.id) ? { ...m, read: true } : m));
    return { state: { ...state, mentions, unreadMentions: mentions.filter((m) => !m.read).length } };
  }
  if (type === 'mention') {
    const m = mentionOf(data, me);
    if (!m || state.mentions.some((x) => x.id === m.id)) return { state };
    const mentions = [m, ...state.mentions];
    return {
      state: { ...state, mentions, unreadMentions: state.unreadMentions + 1 },
      toast: `${m.byName || m.by || 'A teammate'} mentioned you`,
    };
  }
  if (type === 'labels') {
    // A label created, changed (`was`: its old name) or deleted by the owner.
    const label = record(data.label);
    const name = str(label.name);
    const gone = new Set([str(data.was), name].filter(Boolean));
    const labels = state.labels.filter((l) => !gone.has(l.name));
    if (data.event !== 'label_deleted' && name) labels.push({ name, color: str(label.color) });
    return { state: { ...state, labels: labels.sort((a, b) => a.name.localeCompare(b.name)) } };
  }
  if (type === 'presence') {
    const who = str(data.holder) || str(data.email);
    const status = str(data.status) as Presence;
    if (!who || !['online', 'busy', 'offline'].includes(status) || state.presence[who] === status) return { state };
    return { state: { ...state, presence: { ...state.presence, [who]: status } } };
  }
  if (type === 'contact') {
    const c = record(data.contact);
    if (!state.contact || str(data.chatId ?? c.chat_id) !== state.contact.chat_id) return { state };
    return { state: { ...state, contact: { ...state.contact, ...(c as Partial<TeamContact>) } } };
  }
  return { state };
}

/** Opens the mentions: none of them counts as new any more. */
export const readMentions = (state: TeamState): TeamState =>
  state.unreadMentions === 0
    ? state
    : { ...state, unreadMentions: 0, mentions: state.mentions.map((m) => ({ ...m, read: true })) };

/** The snooze presets of the conversation's menu; `custom` takes a time the agent picks. */
export const SNOOZE_PRESETS = [
  { value: 'hour', label: '1 hour' },
  { value: 'tomorrow', label: 'Tomorrow 9:00' },
  { value: 'week', label: 'Next week' },
] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number]['value'];

/** When a preset opens the conversation again (ms), in the agent's local time: next week is Monday 9:00. */
export function snoozeUntil(preset: SnoozePreset, now: Date): number {
  if (preset === 'hour') return now.getTime() + 3_600_000;
  const at = new Date(now);
  at.setHours(9, 0, 0, 0);
  const days = preset === 'tomorrow' ? 1 : (8 - now.getDay()) % 7 || 7;
  at.setDate(at.getDate() + days);
  return at.getTime();
}

/** The priority's place from lowest (0) to highest. */
export const priorityRank = (p: string): number => Math.max(0, PRIORITIES.indexOf(p as (typeof PRIORITIES)[number]));

/** The name after an `@` being typed at the end of the text (letters, digits, `.`, `-`, `_`), else null. */
export function mentionQuery(text: string): string | null {
  const m = /(?:^|\s)@([\w.-]*)$/.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/** The text with the `@` being typed completed to `@Name ` (spaces in a name become none). */
export function insertMention(text: string, name: string): string {
  return text.replace(/@([\w.-]*)$/, `@${name.replace(/\s+/g, '')} `);
}

/** Adds or removes one id of the bulk selection. */
export function toggleId(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** One id's outcome of `POST /api/live/conversations/bulk`. */
export interface BulkResult {
  id: string;
  ok: boolean;
  error?: string;
}

/** What a bulk call leaves on screen: the refused conversations stay picked, and the message says how many and why. */
export function bulkRefusals(results: readonly BulkResult[]): { selected: string[]; message: string } {
  const refused = results.filter((r) => !r.ok);
  if (refused.length === 0) return { selected: [], message: '' };
  const why = refused[0]!.error ?? '';
  return {
    selected: refused.map((r) => r.id),
    message: `${refused.length} of ${results.length} not done${why ? `: ${why}` : ''}`,
  };
}
