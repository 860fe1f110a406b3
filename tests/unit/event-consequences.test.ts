import { readFileSync } from 'node:fs';
import type { ResultSet } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { ACK } from '../../src/services/events/ack';
import { together, type Consequence } from '../../src/services/events/consequence';
import { FAILED } from '../../src/services/events/failed';
import { INCOMING } from '../../src/services/events/incoming';
import { SENT } from '../../src/services/events/sent';
import { STATUS } from '../../src/services/events/status';

const TABLES: Record<string, readonly Consequence<never>[]> = {
  incoming: INCOMING,
  ack: ACK,
  sent: SENT,
  failed: FAILED,
  status: STATUS,
};

/** The rows of docs/architecture.md's table of engine events: [event, consequence name]. */
function documented(): [string, string][] {
  const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
  const rows: [string, string][] = [];
  let event = '';
  for (const line of doc.split('\n')) {
    const m = /^\s*\| (?:(\w+) \(`\w+\.ts`\))? ?\| `(\w+)`/.exec(line);
    if (!m) continue;
    event = m[1] ?? event;
    rows.push([event, m[2]!]);
  }
  return rows;
}

describe('the tables of engine events', () => {
  it('name each consequence once per event, with what it writes and when', () => {
    for (const [event, table] of Object.entries(TABLES)) {
      const names = table.map((c) => c.name);
      expect(new Set(names).size, event).toBe(names.length);
      for (const c of table) {
        expect(c.writes.length, `${event}.${c.name}`).toBeGreaterThan(10);
        expect(c.when.length, `${event}.${c.name}`).toBeGreaterThan(5);
      }
    }
  });

  it("are the docs' table (docs/architecture.md), entry for entry and in order", () => {
    const inCode = Object.entries(TABLES).flatMap(([event, table]) => table.map((c) => [event, c.name]));
    expect(documented()).toEqual(inCode);
  });

  it('join consequences: statements in order, each follow-up with its own results, in turn', async () => {
    const seen: string[] = [];
    const rs = (n: number) => ({ rowsAffected: n }) as unknown as ResultSet;
    const joined = together([
      { stmts: ['a1', 'a2'], committed: (r) => void seen.push(`a:${r.map((x) => x.rowsAffected).join(',')}`) },
      { stmts: [] },
      { stmts: ['b1'], committed: async (r) => void seen.push(`b:${r.map((x) => x.rowsAffected).join(',')}`) },
      { stmts: [], committed: () => void seen.push('c:') },
    ]);
    expect(joined.stmts).toEqual(['a1', 'a2', 'b1']);
    await joined.committed?.([rs(1), rs(2), rs(3)]);
    expect(seen).toEqual(['a:1,2', 'b:3', 'c:']);
  });
});
