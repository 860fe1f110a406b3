import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/shared/ids';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID that sorts by time and stays unique within a millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7(1_795_000_000_000));
    for (const id of ids.slice(0, 5)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(uuidv7(1_795_000_001_000) > ids.at(-1)!).toBe(true);
  });
});
