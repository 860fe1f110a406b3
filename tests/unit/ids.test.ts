import { describe, expect, it } from 'vitest';
import { uuidv7, waMessageId } from '../../src/shared/ids';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID that sorts by time and stays unique within a millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7(1_795_000_000_000));
    for (const id of ids.slice(0, 5))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(uuidv7(1_795_000_001_000) > ids.at(-1)!).toBe(true);
  });
});

describe('waMessageId', () => {
  it('looks like a WhatsApp Web id and starts with the time, so later ids sort after earlier ones', () => {
    const id = waMessageId(1_795_000_000_000);
    expect(id).toMatch(/^3EB0[0-9A-F]{16}$/);
    expect(id.slice(4, 14)).toBe((1_795_000_000_000).toString(16).toUpperCase().slice(-10));
    expect(waMessageId(1_795_000_000_001) > waMessageId(1_795_000_000_000)).toBe(true);
  });
});
