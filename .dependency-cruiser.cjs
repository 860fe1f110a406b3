/**
 * The layer rules `npm run lint` enforces (docs/architecture.md explains them).
 * Paths are relative to the directory the cruise starts from, so tests/unit/lint-rules.test.ts
 * can run these same rules on a small fixture tree.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'routes-not-to-db-schema',
      comment: 'Routes stay thin: tables and SQL belong in src/services/.',
      severity: 'error',
      from: { path: '^src/routes/' },
      to: { path: '^db/schema/' },
    },
    {
      name: 'services-not-to-hono',
      comment: 'Services take a ServiceCtx, not a Hono context: no hono, @hono/* or src/middleware/.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: ['(^|/)node_modules/(hono|@hono/[^/]+)/', '^(hono|@hono/)', '^src/middleware/'] },
    },
    {
      name: 'simulator-only-through-adapter',
      comment:
        'The simulator adapter (the engine, its controls service and their HTTP face under /api/sim) is reached only by itself and where it is wired in: the engine wiring (src/engines/wiring.ts) and the demo seed (src/cli/seed.ts).',
      severity: 'error',
      from: {
        pathNot: [
          '^src/engines/simulator/',
          '^src/services/simulator/',
          '^src/routes/simulator/sim\\.ts$',
          '^src/engines/wiring\\.ts$',
          '^src/cli/seed\\.ts$',
        ],
      },
      to: { path: '^src/engines/simulator/' },
    },
    {
      name: 'db-not-to-src',
      comment:
        'db/ holds the schema, the migrations and how a connection is opened: nothing of src/ (commands that need services live in src/cli/), but the state lists (src/shared/phone-status.ts, src/shared/campaign-states.ts, no imports) that the columns, the API enums and the console share.',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^src/', pathNot: '^src/shared/(phone-status|campaign-states)\\.ts$' },
    },
    {
      name: 'services-not-to-runner',
      comment:
        'Services are what the API and the runner share: the bus, the command table and its types live in src/services/; the runner uses them, never the other way.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/runner/' },
    },
    {
      name: 'routes-not-to-runner',
      comment:
        'Routes reach what the runner keeps (leases, runners) through src/services/, never by importing src/runner/.',
      severity: 'error',
      from: { path: '^src/routes/' },
      to: { path: '^src/runner/' },
    },
    {
      name: 'runner-not-to-jobs',
      comment:
        'The runner hosts phone sessions; the background jobs run beside it, started by the entries (src/jobs/index.ts). What both need lives in src/services/ (ports, rules) or src/adapters/ (outside calls).',
      severity: 'error',
      from: { path: '^src/runner/' },
      to: { path: '^src/jobs/' },
    },
    {
      name: 'services-not-to-adapters',
      comment:
        'Ports live in src/services/ and adapters import them, never the other way (not even for types): a service reaches the outside only through a port the entries fill (AppDeps, ServiceCtx, JobPorts, an argument).',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/adapters/' },
    },
    {
      name: 'runner-not-to-simulator',
      comment:
        'The runner drives any engine through the port (src/engines/types.ts); the simulator is wired in src/engines/wiring.ts.',
      severity: 'error',
      from: { path: '^src/runner/' },
      to: { path: '^src/engines/simulator/' },
    },
    {
      name: 'runner-through-events',
      comment:
        'The runner hands its engine events to src/services/events/ (one table of consequences per event): it imports nothing of the webhooks, the inbox (services/inbox) or Dialogflow.',
      severity: 'error',
      from: { path: '^src/runner/' },
      to: { path: '^src/services/(webhooks|inbox|dialogflow)/' },
    },
    {
      name: 'web-only-to-src-shared',
      comment: 'The console is built for the browser: of src/ it may use only src/shared/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'console-uses-widgets-entries',
      comment:
        'The console imports the widget package by its public entries (`@wapi/widgets/...`, package.json exports; widgets/source-entries.ts), never widgets/src by a path: what it uses is what the package publishes.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^widgets/src/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and the layers meaningless.',
      severity: 'error',
      from: { path: '^(src|db|web)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'not-to-undeclared-package',
      comment: 'A package used but not in package.json works only while something else pulls it in.',
      severity: 'error',
      from: {},
      // A package listed in peerDependencies is declared: dependency-cruiser also reads the keys of
      // peerDependenciesMeta (react and react-dom, optional for the widget package) as 'npm-no-pkg'.
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'], dependencyTypesNot: ['npm-peer'] },
    },
    {
      name: 'not-to-dev-dep',
      comment: 'Shipped code must not need a devDependency at run time (type-only imports are fine).',
      severity: 'error',
      from: { path: '^(src|db|web)/', pathNot: '\\.(test|stories)\\.tsx?$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
