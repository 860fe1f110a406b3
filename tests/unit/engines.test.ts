/**
 * package.json's `engines` is honest: every Node it admits is one that every installed package (the
 * lock file's) declares it supports, but for the exceptions the README names with their declared
 * range; the Node running the tests is admitted; and the README says which Node versions run the
 * product and the tests.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// semver as npm itself reads `engines` (installed with the build tools; no types, so typed here).
const semver = createRequire(import.meta.url)('semver') as {
  Range: new (range: string) => { test(version: string): boolean };
};

interface Manifest {
  engines?: { node?: string };
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Manifest> };
const readme = readFileSync('README.md', 'utf8');
const ours = pkg.engines!.node!;

/**
 * Packages whose declared `engines` leaves out a Node ours admits, because they run there anyway:
 * @sparticuz/chromium asks for Node 22.17+ but only unpacks a Chromium binary, which works on 20.
 */
const RUN_ANYWAY = ['@sparticuz/chromium'];

/** Every x.y.0 from Node 18 to 27: the versions the ranges are compared on. */
const VERSIONS = Array.from({ length: 10 }, (_, i) => 18 + i).flatMap((major) =>
  Array.from({ length: 31 }, (_, minor) => `${major}.${minor}.0`),
);

describe('Node versions: package.json engines and the README', () => {
  it('admits the Node running here and the Node 20 line that CI and developers run', () => {
    const range = new semver.Range(ours);
    expect(range.test(process.version.slice(1)), `${process.version} against ${ours}`).toBe(true);
    expect(range.test('20.19.0')).toBe(true);
    // The lock file's root entry carries the same engines (npm ci compares them).
    expect(lock.packages['']!.engines?.node).toBe(ours);
  });

  it('admits no Node that an installed package leaves out, but for the named exceptions', () => {
    const range = new semver.Range(ours);
    const admitted = VERSIONS.filter((v) => range.test(v));
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const declared = entry.engines?.node;
      if (!path || !declared) continue;
      const name = path.replace(/^.*node_modules\//, '');
      if (RUN_ANYWAY.includes(name)) continue;
      const theirs = new semver.Range(declared);
      const left = admitted.filter((v) => !theirs.test(v));
      if (left.length) refusing.push(`${name} (${declared}) leaves out ${left[0]}`);
    }
    expect(refusing).toEqual([]);
  });

  it('the README says which Node runs the product and the tests, with the exceptions and their ranges', () => {
    expect(readme).toContain(`\`${ours}\``);
    expect(readme).toMatch(/CI and developers run Node 20/);
    for (const name of RUN_ANYWAY) {
      const declared = lock.packages[`node_modules/${name}`]!.engines!.node!;
      expect(readme).toContain(`\`${name}\``);
      expect(readme, `${name}'s declared range in the README`).toContain(`\`${declared}\``);
    }
  });
});
