import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/lint', import.meta.url));

/** Runs the project's rules (`.dependency-cruiser.cjs`) on the fixture tree, as `npm run lint` does on the real one. */
async function lintFixture(): Promise<string[]> {
  const options = await extractDepcruiseOptions(`${root}.dependency-cruiser.cjs`);
  const tsConfig = extractTSConfig(`${root}tsconfig.json`);
  const result = await cruise(['src', 'db', 'web'], { ...options, baseDir: fixture }, {}, { tsConfig });
  const summary = (result.output as ICruiseResult).summary;
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('lint rules (dependency-cruiser)', () => {
  let violations: string[];
  beforeAll(async () => {
    violations = await lintFixture();
  }, 30_000);

  it("forbids the console from importing widgets/src by a path, and lets it use the package's entries", () => {
    expect(violations).toContain(
      'console-uses-widgets-entries: web/uses-widget-source.ts → widgets/src/chat-button/settings.ts',
    );
    expect(violations.filter((v) => v.includes('web/uses-widget-entry.ts'))).toEqual([]);
  });

  it('forbids a route from importing db/schema', () => {
    expect(violations).toContain('routes-not-to-db-schema: src/routes/reads-table.ts → db/schema/table.ts');
  });

  it('forbids a service from importing hono, even for types only', () => {
    expect(violations.some((v) => v.startsWith('services-not-to-hono: src/services/uses-hono-type.ts → '))).toBe(true);
  });

  it('forbids a service from importing src/middleware/', () => {
    expect(violations).toContain('services-not-to-hono: src/services/uses-middleware.ts → src/middleware/guard.ts');
  });

  it('lets only the engine wiring reach the simulator engine', () => {
    expect(violations).toContain(
      'simulator-only-through-adapter: src/jobs/uses-simulator.ts → src/engines/simulator/rules.ts',
    );
    expect(violations.filter((v) => v.includes('src/engines/wiring.ts'))).toEqual([]);
  });

  it('forbids the runner from importing the simulator', () => {
    expect(violations).toContain(
      'runner-not-to-simulator: src/runner/uses-simulator.ts → src/engines/simulator/rules.ts',
    );
    expect(violations).toContain(
      'simulator-only-through-adapter: src/runner/uses-simulator.ts → src/engines/simulator/rules.ts',
    );
  });

  it('forbids a service from importing src/runner/', () => {
    expect(violations).toContain('services-not-to-runner: src/services/uses-runner.ts → src/runner/leases.ts');
  });

  it('forbids the runner from importing src/jobs/', () => {
    expect(violations).toContain('runner-not-to-jobs: src/runner/uses-jobs.ts → src/jobs/deliverer.ts');
  });

  it('forbids a service from importing an adapter, and lets an adapter import the port it implements', () => {
    expect(violations).toContain(
      'services-not-to-adapters: src/services/uses-adapter.ts → src/adapters/http/poster.ts',
    );
    expect(violations.filter((v) => v.startsWith('services-not-to-adapters: src/adapters/'))).toEqual([]);
    expect(violations.filter((v) => v.includes('src/services/post-port.ts'))).toEqual([]);
  });

  it('forbids a route from importing src/runner/', () => {
    expect(violations).toContain('routes-not-to-runner: src/routes/uses-runner.ts → src/runner/leases.ts');
  });

  it('forbids the runner from importing the webhooks, the inbox or Dialogflow: it goes through src/services/events/', () => {
    expect(violations).toContain(
      'runner-through-events: src/runner/uses-webhooks.ts → src/services/webhooks/events.ts',
    );
    expect(violations.filter((v) => v.includes('src/runner/uses-events.ts'))).toEqual([]);
  });

  it('lets web/ import src/shared/ only', () => {
    expect(violations).toContain('web-only-to-src-shared: web/page.ts → src/services/uses-middleware.ts');
    expect(violations.filter((v) => v.includes('src/shared/labels.ts'))).toEqual([]);
  });

  it('forbids db/ from importing src/', () => {
    expect(violations).toContain('db-not-to-src: db/uses-src.ts → src/middleware/guard.ts');
  });

  it('forbids circular imports', () => {
    expect(violations.some((v) => v.startsWith('no-circular: src/jobs/cycle-'))).toBe(true);
  });

  it('reports nothing else (a cycle counts once)', () => {
    expect(violations).toHaveLength(15);
  });
});
