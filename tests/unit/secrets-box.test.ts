import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDevSecretsKey } from '../../src/adapters/secrets/dev-key';
import { parseConfig } from '../../src/config';
import { secretBox } from '../../src/services/secrets/box';
import { checkSheetRow, isHeaderRow } from '../../src/shared/sheet-rows';

describe('secret box', () => {
  it('opens what it sealed, only for the same binding and key', async () => {
    const box = await secretBox('a-key-of-at-least-thirty-two-chars-1');
    const sealed = await box.seal('refresh-token', 'google:p1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('refresh-token');
    expect(await box.seal('refresh-token', 'google:p1')).not.toBe(sealed);
    expect(await box.open(sealed, 'google:p1')).toBe('refresh-token');
    await expect(box.open(sealed, 'google:p2')).rejects.toThrow();
    await expect(
      (await secretBox('another-key-of-at-least-thirty-two-chars')).open(sealed, 'google:p1'),
    ).rejects.toThrow();
  });

  it('makes a development key once in the data folder, and none in production', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wapi-secrets-'));
    const config = parseConfig({ DATABASE_URL: `file:${dir}/wapi.db` });
    const first = withDevSecretsKey(config).SECRETS_KEY!;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'secrets.key'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'secrets.key')).mode & 0o077).toBe(0);
    expect(withDevSecretsKey(config).SECRETS_KEY).toBe(first);
    const production = parseConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://wapi.example.com',
      DATABASE_URL: `file:${dir}/prod.db`,
    });
    expect(withDevSecretsKey(production).SECRETS_KEY).toBeUndefined();
  });
});

describe('sheet rows', () => {
  it("reads the spec's columns", () => {
    expect(isHeaderRow(['Type', 'Number'])).toBe(true);
    expect(isHeaderRow(['text', '905301234567'])).toBe(false);
    expect(checkSheetRow(['text', 905301234567, 'Hi', 'News'])).toEqual({
      kind: 'message',
      message: { to_number: '905301234567', type: 'text', message: '*News*\nHi' },
    });
    expect(checkSheetRow(['media', '+90 530 123 45 67', 'https://example.com/a.png', 'Caption'])).toEqual({
      kind: 'message',
      message: { to_number: '905301234567', type: 'media', message: 'https://example.com/a.png', text: 'Caption' },
    });
    expect(checkSheetRow(['POLL', '905301234567', 'Day?', 'Mon', 'Fri', '', true])).toEqual({
      kind: 'message',
      message: { to_number: '905301234567', type: 'poll', message: 'Day?', options: ['Mon', 'Fri'], only_one: true },
    });
    expect(checkSheetRow(['', '', ''])).toEqual({ kind: 'blank' });
  });

  it('explains what is wrong with a row', () => {
    expect(checkSheetRow(['fax', '905301234567', 'x'])).toMatchObject({
      kind: 'invalid',
      error: 'Column A must be text, media or poll.',
    });
    expect(checkSheetRow(['text', '12', 'x'])).toMatchObject({ kind: 'invalid' });
    expect(checkSheetRow(['text', '905301234567', ''])).toMatchObject({
      kind: 'invalid',
      error: 'Column C must hold the message.',
    });
    expect(checkSheetRow(['media', '905301234567', 'data:image/png,abc'])).toMatchObject({ kind: 'invalid' });
    expect(checkSheetRow(['media', '905301234567', 'data:image/png;base64,iVBORw0KGgo='])).toMatchObject({
      kind: 'message',
    });
    expect(checkSheetRow(['poll', '905301234567', 'Day?', 'Mon'])).toMatchObject({
      kind: 'invalid',
      error: 'A poll needs at least two options in columns D to F.',
    });
  });
});
