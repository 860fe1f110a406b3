import { describe, expect, it } from 'vitest';
import {
  defaultHours,
  SETTINGS_TEXT,
  toSettings,
  toValues,
  validateSettings,
  zoneOptions,
} from '../../web/pages/agents/inbox-settings-form';
import { LABEL_TEXT, validateLabel } from '../../web/pages/agents/label-form';
import { duration, minutes, rating } from '../../web/pages/analytics/report-format';
import type { InboxSettings } from '../../web/stores/inbox-owner/settings';

const saved: InboxSettings = {
  auto_assign: 'round_robin',
  max_open_per_agent: 5,
  csat: true,
  away_message: ' Closed now. ',
  business_hours: null,
};

describe('inbox settings form', () => {
  it('keeps default hours while switched off and saves null, the hours when on', () => {
    const v = toValues(saved, 'Europe/Istanbul');
    expect(v.hours_on).toBe(false);
    expect(v.hours.timezone).toBe('Europe/Istanbul');
    expect(v.hours.days.mon).toEqual([{ from: '09:00', to: '17:00' }]);
    expect(v.hours.days.sun).toEqual([]);
    expect(toSettings(v)).toEqual({ ...saved, away_message: 'Closed now.' });
    expect(toSettings({ ...v, hours_on: true }).business_hours).toEqual(defaultHours('Europe/Istanbul'));
  });

  it('answers the capacity, length, time, order and overlap errors', () => {
    const v = { ...toValues(saved, 'UTC'), hours_on: true };
    expect(validateSettings(v)).toEqual({});
    expect(validateSettings({ ...v, max_open: '0' }).max_open).toBe(SETTINGS_TEXT.maxOpenInvalid);
    expect(validateSettings({ ...v, max_open: '2.5' }).max_open).toBe(SETTINGS_TEXT.maxOpenInvalid);
    expect(validateSettings({ ...v, max_open: '1001' }).max_open).toBe(SETTINGS_TEXT.maxOpenInvalid);
    expect(validateSettings({ ...v, away_message: 'x'.repeat(1001) }).away_message).toBe(SETTINGS_TEXT.awayTooLong);
    const days = (mon: { from: string; to: string }[]) => ({
      ...v,
      hours: { ...v.hours, days: { ...v.hours.days, mon } },
    });
    expect(validateSettings(days([{ from: '9:00', to: '17:00' }])).days).toEqual({ mon: SETTINGS_TEXT.timeInvalid });
    expect(validateSettings(days([{ from: '17:00', to: '09:00' }])).days).toEqual({ mon: SETTINGS_TEXT.rangeOrder });
    expect(
      validateSettings(
        days([
          { from: '13:00', to: '17:00' },
          { from: '09:00', to: '13:30' },
        ]),
      ).days,
    ).toEqual({ mon: SETTINGS_TEXT.rangeOverlap });
    expect(validateSettings({ ...v, hours: { ...v.hours, timezone: '' } }).timezone).toBe(
      SETTINGS_TEXT.timezoneRequired,
    );
    // Switched off, the hours are not checked.
    expect(validateSettings({ ...days([{ from: '17:00', to: '09:00' }]), hours_on: false })).toEqual({});
  });

  it('shows a day the server left out as closed', () => {
    const v = toValues({
      ...saved,
      business_hours: { timezone: 'UTC', days: { mon: [{ from: '08:00', to: '12:00' }] } },
    });
    expect(v.hours.days.mon).toEqual([{ from: '08:00', to: '12:00' }]);
    expect(v.hours.days.tue).toEqual([]);
    expect(validateSettings(v)).toEqual({});
  });

  it('offers the saved time zone even when the browser does not list it', () => {
    expect(zoneOptions('Mars/Olympus')[0]).toBe('Mars/Olympus');
    expect(zoneOptions('UTC')).toContain('UTC');
  });
});

describe('labels and reports', () => {
  it('validates a label name against the others, ignoring case', () => {
    const others = [{ id: 1, name: 'VIP', color: '#2563eb' }];
    expect(validateLabel({ name: '  ', color: '#2563eb' }, others).name).toBe(LABEL_TEXT.nameRequired);
    expect(validateLabel({ name: 'x'.repeat(41), color: '#2563eb' }, others).name).toBe(LABEL_TEXT.nameTooLong);
    expect(validateLabel({ name: 'vip', color: '#2563eb' }, others).name).toBe(LABEL_TEXT.duplicate);
    expect(validateLabel({ name: 'billing', color: '#2563eb' }, others)).toEqual({});
  });

  it('writes durations, ratings and chart minutes for people', () => {
    expect(duration(null)).toBe('—');
    expect(duration(45)).toBe('45 s');
    expect(duration(200)).toBe('3 min 20 s');
    expect(duration(120)).toBe('2 min');
    expect(duration(7500)).toBe('2 h 5 min');
    expect(duration(97_200)).toBe('1 d 3 h');
    expect(rating(null)).toBe('—');
    expect(rating(4.35)).toBe('4.3 / 5');
    expect(minutes(95)).toBe(1.6);
    expect(minutes(null)).toBeNull();
  });
});
