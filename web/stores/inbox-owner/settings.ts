import { atom } from 'nanostores';
import { apiGet, apiPost } from '../../lib/api';
import { MSG } from '../../lib/messages';

/** The days of a week, as the business hours name them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening of a day, `HH:MM` to `HH:MM` in the hours' time zone. */
export interface HoursRange {
  from: string;
  to: string;
}

/** When the team answers; null means always open (no away message is sent). */
export interface BusinessHours {
  timezone: string;
  /** A day left out (or empty) is closed. */
  days: Partial<Record<Weekday, HoursRange[]>>;
}

/** The owner's inbox settings (`GET/POST /api/live/settings`, issue 42). */
export interface InboxSettings {
  auto_assign: 'round_robin' | 'off';
  max_open_per_agent: number;
  csat: boolean;
  away_message: string;
  business_hours: BusinessHours | null;
}

const PATH = '/api/live/settings';

/** The settings as saved; null until loaded. */
export const $inboxSettings = atom<InboxSettings | null>(null);
/** The server's message after a failed load, else empty. */
export const $inboxSettingsError = atom('');

/** Loads the settings (the defaults when the owner never saved any). */
export async function loadInboxSettings(): Promise<void> {
  $inboxSettingsError.set('');
  try {
    $inboxSettings.set((await apiGet<{ data: InboxSettings }>(PATH)).data);
  } catch (e) {
    $inboxSettingsError.set(e instanceof Error && e.message ? e.message : MSG.loadFailed);
  }
}

/** Saves the settings; throws the server's message when refused. */
export async function saveInboxSettings(settings: InboxSettings): Promise<void> {
  const { data } = await apiPost<{ data: InboxSettings }>(PATH, settings);
  $inboxSettings.set(data);
}
