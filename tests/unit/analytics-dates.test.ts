import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_DATE_MSG,
  daysOf,
  defaultRange,
  parseDay,
  resolveRange,
  timelineDate,
} from '../../src/shared/analytics-dates';

const NOW = Date.UTC(2026, 10, 22, 23, 59);

describe('analytics date rules', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(defaultRange(NOW)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(resolveRange({}, NOW)).toEqual({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
      from: Date.UTC(2026, 10, 16),
      to: Date.UTC(2026, 10, 23),
    });
  });

  it('fills a missing start with the 7 days before the end, and a missing end with today', () => {
    expect(resolveRange({ end_date: '2026-03-01' }, NOW)).toMatchObject({
      start_date: '2026-02-23',
      end_date: '2026-03-01',
    });
    expect(resolveRange({ start_date: '2026-11-01' }, NOW)).toMatchObject({
      start_date: '2026-11-01',
      end_date: '2026-11-22',
    });
  });

  it('takes a single day and today as the end', () => {
    expect(resolveRange({ start_date: '2026-11-22', end_date: '2026-11-22' }, NOW)).toMatchObject({
      from: Date.UTC(2026, 10, 22),
      to: Date.UTC(2026, 10, 23),
    });
  });

  it('refuses what is not a calendar day, the future, reversed and over-long ranges', () => {
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(parseDay('2026-1-05')).toBeNull();
    expect(resolveRange({ start_date: '05.11.2026' }, NOW)).toEqual({
      error: ANALYTICS_DATE_MSG.format,
      field: 'start_date',
    });
    expect(resolveRange({ end_date: '2026-11-23' }, NOW)).toEqual({
      error: ANALYTICS_DATE_MSG.future,
      field: 'end_date',
    });
    expect(resolveRange({ start_date: '2026-11-10', end_date: '2026-11-09' }, NOW)).toEqual({
      error: ANALYTICS_DATE_MSG.order,
      field: 'start_date',
    });
    expect(resolveRange({ start_date: '2025-11-20', end_date: '2026-11-21' }, NOW)).toEqual({
      error: ANALYTICS_DATE_MSG.tooLong,
      field: 'start_date',
    });
    expect(resolveRange({ start_date: '2025-11-22', end_date: '2026-11-22' }, NOW)).toMatchObject({
      start_date: '2025-11-22',
    });
  });

  it('lists every day of a range and writes timeline dates as DD.MM.YY HH:mm', () => {
    expect(daysOf({ from: Date.UTC(2026, 11, 30), to: Date.UTC(2027, 0, 2) })).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(timelineDate(Date.UTC(2026, 0, 5, 7, 3))).toBe('05.01.26 07:03');
  });
});

describe('the chart locale guard', () => {
  it('gives a browser on a POSIX locale a tag Intl takes, and leaves a good one alone', async () => {
    const { validNavigatorLanguage } = await import('../../web/pages/analytics/locale-guard');
    const posix = { language: 'en-US@posix' };
    validNavigatorLanguage(posix);
    expect(posix.language).toBe('en-US');
    expect(() => new Intl.NumberFormat(posix.language)).not.toThrow();
    const good = { language: 'de-DE' };
    validNavigatorLanguage(good);
    expect(good.language).toBe('de-DE');
  });
});
