import { describe, expect, it } from 'vitest';
import { clockTime, dateTime, listTime, shortDate } from '../../web/lib/clock';

// The inbox's times in the console's 24-hour format (issue 22), in the viewer's time zone.
describe('the console clock', () => {
  const evening = new Date(2026, 10, 25, 21, 5).getTime();
  it('writes 24-hour HH:mm and DD.MM.YY, from milliseconds or Unix seconds', () => {
    expect(clockTime(evening)).toBe('21:05');
    expect(clockTime(Math.floor(evening / 1000))).toBe('21:05');
    expect(clockTime(new Date(2026, 0, 2, 0, 7).getTime())).toBe('00:07');
    expect(shortDate(evening)).toBe('25.11.26');
    expect(dateTime(evening)).toBe('25.11.26 21:05');
  });
  it('shows the time for today and the date for other days in a list', () => {
    expect(listTime(evening, new Date(2026, 10, 25, 23, 59).getTime())).toBe('21:05');
    expect(listTime(evening, new Date(2026, 10, 26, 0, 1).getTime())).toBe('25.11.26');
  });
});
