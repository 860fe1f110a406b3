import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { displayUrl } from '../../db/open';

describe('the database address in logs and banners', () => {
  it('drops credentials and the query, where an auth token may ride', () => {
    expect(displayUrl('libsql://wapi-you.turso.io?authToken=eyJsecret')).toBe('libsql://wapi-you.turso.io');
    expect(displayUrl('https://user:pa55@db.example.com:8080/v2?authToken=x')).toBe('https://db.example.com:8080/v2');
    expect(displayUrl('file:data/wapi.db?mode=ro')).toBe('file:data/wapi.db');
    expect(displayUrl('not a url?authToken=x')).toBe('not a url');
  });

  it('is how the server and the runner print it when they start (their banners go to the server log)', () => {
    for (const entry of ['src/node.ts', 'src/phone-runner.ts']) {
      // Each console call whole (a long one spans several lines).
      const printed = [...readFileSync(entry, 'utf8').matchAll(/console\.(?:log|error|warn)\(([\s\S]*?)\);\n/g)]
        .map((m) => m[1]!)
        .filter((call) => /\$\{[^}]*DATABASE_URL/.test(call));
      expect(printed.length, entry).toBeGreaterThan(0);
      for (const line of printed) expect(line, entry).toMatch(/displayUrl\(config\.DATABASE_URL\)/);
    }
  });
});
