import { describe, expect, it } from 'vitest';
import { answer, opener } from '../../src/services/warming/chatter';
import {
  CAP_MAX,
  dailyCap,
  DAY_MS,
  dayOf,
  daysInPool,
  MIN_GAP_MS,
  nextDayStart,
  nextGap,
} from '../../src/services/warming/pace';
import { riskLabel } from '../../src/shared/risk';

describe('warming pace', () => {
  it('starts with 5 messages a day, adds 5 a day in the pool, and stops rising at the maximum', () => {
    expect([0, 1, 2, 3].map(dailyCap)).toEqual([5, 10, 15, 20]);
    expect(dailyCap(100)).toBe(CAP_MAX);
    expect(dailyCap(-1)).toBe(5);
  });

  it('counts whole days in the pool and UTC days', () => {
    expect(daysInPool(1_000, 1_000 + DAY_MS - 1)).toBe(0);
    expect(daysInPool(1_000, 1_000 + 2 * DAY_MS)).toBe(2);
    expect(daysInPool(5_000, 1_000)).toBe(0);
    expect(dayOf(3 * DAY_MS + 5)).toBe(3);
  });

  it("spreads a day's messages with jittered gaps, never closer than the minimum", () => {
    expect(nextGap(5, () => 0.5)).toBe(Math.round((14 * 3_600_000) / 5));
    expect(nextGap(5, () => 0)).toBe(Math.round(((14 * 3_600_000) / 5) * 0.6));
    expect(nextGap(10_000, () => 0)).toBe(MIN_GAP_MS);
  });

  it('resumes a capped phone early the next UTC day', () => {
    const now = 10 * DAY_MS + 5_000;
    expect(nextDayStart(now, () => 0)).toBe(11 * DAY_MS);
    expect(nextDayStart(now, () => 0.5)).toBe(11 * DAY_MS + 3_600_000);
  });
});

describe('warming messages', () => {
  it('vary: openers and answers from parts', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const openers = new Set(Array.from({ length: 60 }, () => opener(random)));
    const answers = new Set(Array.from({ length: 60 }, () => answer(random)));
    expect(openers.size).toBeGreaterThan(30);
    expect(answers.size).toBeGreaterThan(20);
    expect(opener(() => 0)).toBe('Hi, how is your week going?');
    expect(answer(() => 0.999)).toBe('Good idea Have a nice day.');
  });
});

describe('risk labels', () => {
  it('name 1 to 3 and call anything else Unknown', () => {
    expect([1, 2, 3, 0, 4, undefined, null].map(riskLabel)).toEqual([
      'Critical Risk',
      'Moderate Risk',
      'Good Indicator',
      'Unknown',
      'Unknown',
      'Unknown',
      'Unknown',
    ]);
  });
});
