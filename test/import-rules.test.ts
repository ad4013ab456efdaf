import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The rules of ARCHITECTURE.md as the check step enforces them: each one, broken on purpose in a
// tree of its own, must fail the step. (That the real tree keeps them is the check step itself.)
const root = join(import.meta.dirname, '..');
const run = promisify(execFile);

const TSCONFIG = JSON.stringify({
  compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true },
});

/** A small tree that breaks each import rule once, and one import that is allowed. */
const PLANTED: Record<string, string> = {
  'src/server/a/first.ts': "import type { B } from './second.js';\nexport type A = B[];\n",
  'src/server/a/second.ts': "import type { A } from './first.js';\nexport type B = A | 1;\n",
  'src/server/b/one.ts': "import { c } from '../c/two.js';\nexport const b = c;\n",
  'src/server/b/three.ts': 'export const three = 3;\n',
  'src/server/c/two.ts': 'export const c = 2;\n',
  'src/server/c/four.ts': "import { three } from '../b/three.js';\nexport const four = three;\n",
  'src/shared/leaks.ts': "import { page } from '../client/page.js';\nexport const leak = page;\n",
  'src/shared/uses-node.ts':
    "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
  'src/client/preview.ts':
    "import { SAMPLES } from '../shared/templates/registry.js';\nexport const all = SAMPLES;\n",
  'src/shared/templates/registry.ts': 'export const SAMPLES = await Promise.resolve([]);\n',
  'src/client/page.ts':
    "import { server } from '../server/server.js';\nexport const page = server;\n",
  'src/server/server.ts': 'export const server = 1;\n',
  'src/client/form.ts': "import { z } from 'zod';\nexport const name = z.string();\n",
  'src/server/http/errors.ts': 'export const problem = 1;\n',
  'src/server/d/d.service.ts':
    "import { problem } from '../http/errors.js';\nexport const d = problem;\n",
  'src/server/d/d.repository.ts': "import { d } from './d.service.js';\nexport const rows = d;\n",
  'src/server/orders/orders.service.ts': 'export const order = 1;\n',
  'src/server/payments/gateway.ts':
    "import { order } from '../orders/orders.service.js';\nexport const g = order;\n",
  'src/server/visits/visits.service.ts':
    "import { order } from '../orders/orders.service.js';\nexport const v = order;\n",
  'src/server/d/wires.ts': "import { app } from '../app.js';\nexport const w = app;\n",
  'src/server/app.ts':
    "import { order } from './orders/orders.service.js';\nexport const app = order;\n",
  'tsconfig.json': TSCONFIG,
};

/** The server reaching into the browser's code, apart: with the rest it would make a folder circle. */
const PLANTED_APART: Record<string, string> = {
  'src/server/server.ts':
    "import { widget } from '../client/widget.js';\nexport const server = widget;\n",
  'src/client/widget.ts': 'export const widget = 1;\n',
  'tsconfig.json': TSCONFIG,
};

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
}

let violations: Violation[] = [];

/** The check step's own command, run over a planted tree: what it refuses. */
async function violationsIn(tree: Record<string, string>): Promise<Violation[]> {
  const dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const cli = join(root, 'node_modules', '.bin', 'depcruise');
  const config = join(root, '.dependency-cruiser.cjs');
  // depcruise exits non-zero when it finds violations: that is the point here.
  const output = await run(cli, ['src', '--config', config, '--output-type', 'json'], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout: string }) => error);
  return (JSON.parse(output.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

beforeAll(async () => {
  violations = (await Promise.all([violationsIn(PLANTED), violationsIn(PLANTED_APART)])).flat();
}, 60_000);

/** The imports that broke `rule`, each of which fails the check (an error, not a warning). */
const broken = (rule: string) =>
  violations
    .filter((violation) => violation.rule.name === rule)
    .map(
      (v) => `${v.from} -> ${v.to}${v.rule.severity === 'error' ? '' : ` (${v.rule.severity})`}`,
    );

describe('import rules', () => {
  it('refuse a circle of modules, type imports included', () => {
    expect(broken('no-circular')).toContain('src/server/a/first.ts -> src/server/a/second.ts');
  });

  it('refuse two folders that import each other through different files', () => {
    expect(broken('no-circular-folders')).toContain('src/server/b -> src/server/c');
  });

  it('keep shared/ free of client/, server/ and Node', () => {
    expect(broken('shared-is-shared')).toContain('src/shared/leaks.ts -> src/client/page.ts');
    expect(broken('shared-has-no-node')).toContain('src/shared/uses-node.ts -> fs');
  });

  it('keep the browser and the server apart', () => {
    expect(broken('client-is-not-server')).toContain('src/client/page.ts -> src/server/server.ts');
    expect(broken('server-is-not-client')).toContain(
      'src/server/server.ts -> src/client/widget.ts',
    );
  });

  it('give the browser zod only through shared/zod.ts', () => {
    expect(broken('zod-for-browsers-through-one-door')).toContain('src/client/form.ts -> zod');
  });

  it('keep the builder from loading every template at once', () => {
    expect(broken('builder-loads-templates-on-demand')).toContain(
      'src/client/preview.ts -> src/shared/templates/registry.ts',
    );
  });

  it('keep services out of HTTP and repositories below services', () => {
    expect(broken('services-speak-no-http')).toContain(
      'src/server/d/d.service.ts -> src/server/http/errors.ts',
    );
    expect(broken('repositories-are-the-bottom')).toContain(
      'src/server/d/d.repository.ts -> src/server/d/d.service.ts',
    );
  });

  it('keep the slices from importing the app that wires them', () => {
    expect(broken('slices-do-not-import-the-app')).toContain(
      'src/server/d/wires.ts -> src/server/app.ts',
    );
  });

  it('let only the app into orders/, and payments/ never', () => {
    expect(broken('payments-do-not-know-orders')).toContain(
      'src/server/payments/gateway.ts -> src/server/orders/orders.service.ts',
    );
    expect(broken('orders-is-entered-by-the-app')).toEqual([
      'src/server/payments/gateway.ts -> src/server/orders/orders.service.ts',
      'src/server/visits/visits.service.ts -> src/server/orders/orders.service.ts',
    ]);
  });
});

describe('SQL rule', () => {
  const eslint = new ESLint({ cwd: root });
  const messagesFor = async (file: string, code: string) =>
    (await eslint.lintText(code, { filePath: join(root, file) }))[0]!.messages.map(
      (message) => message.message,
    );

  it('refuses queries and raw SQL outside repositories', async () => {
    const query = "export const q = (db: any) => db.selectFrom('orders').selectAll().execute();\n";
    expect(await messagesFor('src/server/visits/planted.service.ts', query)).toContain(
      'Queries belong in a *.repository.ts (transactions: inTransaction from db/).',
    );
    const raw = "import { sql } from 'kysely';\nexport const now = sql`now()`;\n";
    expect((await messagesFor('src/server/visits/planted.service.ts', raw)).join('\n')).toContain(
      'Raw SQL belongs in a *.repository.ts.',
    );
  });

  it('allows them in a repository', async () => {
    const query =
      "import type { Db } from '../db/database.js';\nexport const q = (db: Db) => db.selectFrom('orders').selectAll().execute();\n";
    expect(await messagesFor('src/server/visits/planted.repository.ts', query)).toEqual([]);
  });
});
