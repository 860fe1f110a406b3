import { accessSync, constants, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { chromiumPath } from '../e2e/support/browser';

/*
 * `npm ci && npm test` on a machine with Node alone: CI installs nothing but npm packages, and the
 * browser tests take their Chromium from the @sparticuz/chromium package unless CHROMIUM_PATH names one.
 */
const saved = process.env.CHROMIUM_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = saved;
});

describe('a fresh machine', () => {
  it('CI runs the README commands and installs no system package', () => {
    const commands = readFileSync('.ci/run', 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'));
    expect(commands.some((l) => /^npm ci\b/.test(l))).toBe(true);
    expect(commands).toContain('npm test');
    expect(
      commands.filter((l) => /\b(apt|apt-get|dpkg|brew|yum|apk|snap)\b|playwright install|chromium/.test(l)),
    ).toEqual([]);
  });

  it('takes Chromium from the npm package, an executable file, when CHROMIUM_PATH is not set', async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    expect(pkg.devDependencies['@sparticuz/chromium']).toBeDefined();
    delete process.env.CHROMIUM_PATH;
    const path = await chromiumPath();
    expect(path).not.toMatch(/^\/usr\//);
    expect(() => accessSync(path, constants.X_OK)).not.toThrow();
  });

  it('still drives another Chromium named by CHROMIUM_PATH', async () => {
    process.env.CHROMIUM_PATH = '/opt/other/chromium';
    expect(await chromiumPath()).toBe('/opt/other/chromium');
  });
});
