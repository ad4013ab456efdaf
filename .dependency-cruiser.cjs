/**
 * The import rules of ARCHITECTURE.md, enforced: `npm run check` (and so `npm test`) fails on a
 * violation. Type-only imports count: a circle of types is still a circle a reader has to untie.
 */
const SERVER_TESTS = '\\.test\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module reaches itself again through its imports (lazy and type imports too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'Slices depend one way: no two folders import each other, directly or around.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-shared',
      severity: 'error',
      comment: 'shared/ runs in the browser and on the server: it imports neither side.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'shared-has-no-node',
      severity: 'error',
      comment: 'shared/ runs in the browser too: no Node built-ins.',
      from: { path: '^src/shared/', pathNot: SERVER_TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'zod-for-browsers-through-one-door',
      severity: 'error',
      comment:
        'Schemas the browser runs take zod from shared/zod.ts, which keeps it from trying eval (the builder forbids it).',
      from: { path: '^src/(shared|client)/', pathNot: '^src/shared/zod\\.ts$' },
      to: { path: '^zod$|(^|/)node_modules/zod/' },
    },
    {
      name: 'client-is-not-server',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'builder-loads-templates-on-demand',
      severity: 'error',
      comment:
        'registry.ts and components.ts wait for every template at load (a top-level await): the ' +
        'builder reads catalog.ts and loads a template when it shows it.',
      from: { path: '^src/client/' },
      to: { path: '^src/shared/templates/(registry|components)\\.ts$' },
    },
    {
      name: 'slices-do-not-import-the-app',
      severity: 'error',
      comment:
        'app.ts, main.ts and periodic-jobs.ts wire the slices; a slice importing them would reach ' +
        'every other slice (orders/ included) around the rules.',
      from: { path: '^src/server/[^/]+/' },
      to: { path: '^src/server/(app|main|periodic-jobs)\\.ts$' },
    },
    {
      name: 'server-is-not-client',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'services-speak-no-http',
      severity: 'error',
      comment: 'A service throws its slice’s domain error; its routes turn it into a status.',
      from: { path: '\\.(service|repository|worker)\\.tsx?$' },
      to: { path: ['^src/server/http/', '\\.routes\\.tsx?$'] },
    },
    {
      name: 'repositories-are-the-bottom',
      severity: 'error',
      comment: 'routes -> service -> repository: a repository calls no service.',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.service\\.tsx?$' },
    },
    {
      name: 'payments-do-not-know-orders',
      severity: 'error',
      comment: 'orders/ uses payments/ (the gateways); never the other way.',
      from: { path: '^src/server/payments/' },
      to: { path: '^src/server/orders/' },
    },
    {
      name: 'orders-is-entered-by-the-app',
      severity: 'error',
      comment:
        'Checkout writes the published site (server/site/), which the other slices read. Only the ' +
        'app that wires it (app.ts, periodic-jobs.ts) and the operator’s commands reach in.',
      from: {
        path: '^src/server/',
        pathNot: [
          '^src/server/orders/',
          '^src/server/(app|periodic-jobs)\\.ts$',
          '^src/server/admin/cli\\.ts$',
          SERVER_TESTS,
        ],
      },
      to: { path: '^src/server/orders/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/.*/test-helpers\\.ts$'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
