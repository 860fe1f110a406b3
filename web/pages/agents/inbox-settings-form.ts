import {
  WEEKDAYS,
  type BusinessHours,
  type HoursRange,
  type InboxSettings,
  type Weekday,
} from '../../stores/inbox-owner/settings';

/** The settings form's texts (ours: the spec has no inbox settings; issue 42 names the fields). */
export const SETTINGS_TEXT = {
  title: 'Inbox settings',
  maxOpenInvalid: 'Max open conversations must be a whole number from 1 to 1000.',
  awayTooLong: 'The away message can be at most 1000 characters.',
  timezoneRequired: 'Choose a time zone.',
  timeInvalid: 'Times are HH:MM, from 00:00 to 23:59.',
  rangeOrder: 'Each opening must end after it starts.',
  rangeOverlap: 'Openings of a day must not overlap.',
} as const;

const MAX_OPEN_LIMIT = 1000;
export const AWAY_MAX = 1000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The names the hours editor shows for each day. */
export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** What the form edits: the settings, the number as typed, and the hours kept while switched off. */
export interface SettingsValues {
  auto_assign: InboxSettings['auto_assign'];
  max_open: string;
  csat: boolean;
  away_message: string;
  hours_on: boolean;
  hours: BusinessHours;
}

export interface SettingsErrors {
  max_open?: string;
  away_message?: string;
  timezone?: string;
  days?: Partial<Record<Weekday, string>>;
}

/** The browser's time zone, UTC when it tells none. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Office hours on weekdays, for the first time the owner switches hours on. */
export function defaultHours(timezone: string): BusinessHours {
  const day = (open: boolean): HoursRange[] => (open ? [{ from: '09:00', to: '17:00' }] : []);
  return {
    timezone,
    days: Object.fromEntries(WEEKDAYS.map((d) => [d, day(d !== 'sat' && d !== 'sun')])) as Record<
      Weekday,
      HoursRange[]
    >,
  };
}

/** Hours with every weekday (the server may leave a closed day out). */
function withAllDays(h: BusinessHours): BusinessHours {
  return {
    timezone: h.timezone,
    days: Object.fromEntries(WEEKDAYS.map((d) => [d, h.days[d] ?? []])) as Record<Weekday, HoursRange[]>,
  };
}

/** The form's values of saved settings. */
export function toValues(s: InboxSettings, zone = browserZone()): SettingsValues {
  return {
    auto_assign: s.auto_assign,
    max_open: String(s.max_open_per_agent),
    csat: s.csat,
    away_message: s.away_message,
    hours_on: s.business_hours !== null,
    hours: s.business_hours ? withAllDays(s.business_hours) : defaultHours(zone),
  };
}

/** What the form saves (valid values only). */
export function toSettings(v: SettingsValues): InboxSettings {
  return {
    auto_assign: v.auto_assign,
    max_open_per_agent: Number(v.max_open),
    csat: v.csat,
    away_message: v.away_message.trim(),
    business_hours: v.hours_on ? v.hours : null,
  };
}

function dayError(ranges: readonly HoursRange[]): string | undefined {
  if (ranges.some((r) => !TIME.test(r.from) || !TIME.test(r.to))) return SETTINGS_TEXT.timeInvalid;
  if (ranges.some((r) => r.from >= r.to)) return SETTINGS_TEXT.rangeOrder;
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
  if (sorted.some((r, i) => i > 0 && r.from < sorted[i - 1]!.to)) return SETTINGS_TEXT.rangeOverlap;
  return undefined;
}

/** The form's errors; an empty object when it may be saved. */
export function validateSettings(v: SettingsValues): SettingsErrors {
  const errors: SettingsErrors = {};
  const max = Number(v.max_open.trim());
  if (!/^\d+$/.test(v.max_open.trim()) || max < 1 || max > MAX_OPEN_LIMIT)
    errors.max_open = SETTINGS_TEXT.maxOpenInvalid;
  if (v.away_message.trim().length > AWAY_MAX) errors.away_message = SETTINGS_TEXT.awayTooLong;
  if (v.hours_on) {
    if (!v.hours.timezone) errors.timezone = SETTINGS_TEXT.timezoneRequired;
    const days: Partial<Record<Weekday, string>> = {};
    for (const d of WEEKDAYS) {
      const e = dayError(v.hours.days[d] ?? []);
      if (e) days[d] = e;
    }
    if (Object.keys(days).length) errors.days = days;
  }
  return errors;
}

/** The time zones the select offers: the browser's list, with the saved one kept even if unknown. */
export function zoneOptions(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const list = all.includes('UTC') ? all : ['UTC', ...all];
  return current && !list.includes(current) ? [current, ...list] : list;
}
