import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createTestDatabase } from '../../../test/database.js';

const ADMIN = path.resolve('dist/server/admin.js');

describe.each(TEST_DIALECTS)('npm run admin on %s', (dialect) => {
  it('lists, sets and clears prices, and the API serves them', async () => {
    const database = await createTestDatabase(dialect);
    const env = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    };
    const admin = (...args: string[]) =>
      spawnSync(process.execPath, [ADMIN, ...args], { env, encoding: 'utf8' });
    // The CLI opens the same file: close ours first so SQLite sees one writer.
    if (dialect === 'sqlite') await database.db.destroy();

    const list = admin('list-prices');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(
      /template2 +Directive +70000 paise \(700 INR\) +10% +630 INR \/ year/,
    );
    // Rupees grouped as everywhere else in the builder.
    expect(list.stdout).toMatch(
      /template5 +Phantom +120000 paise \(1,200 INR\) +25% +900 INR \/ year/,
    );

    const set = admin('set-price', 'template3', '--amount', '89950', '--discount', '10');
    expect(set.status).toBe(0);
    expect(set.stdout).toContain('Updated template3.');
    expect(set.stdout).toMatch(
      /template3 +Hyperspace +89950 paise \(899\.50 INR\) +10% +809\.55 INR \/ year/,
    );

    const clear = admin('clear-price', 'template5');
    expect(clear.status).toBe(0);
    expect(clear.stdout).toMatch(/template5 +Phantom +NA +0% +not for sale/);

    const check = await createTestDatabaseView(database.dialect, env);
    expect(check).toEqual({ template3: [89950, 10], template5: [null, 0] });
    await database.destroy();
  });
});

/** Reads the prices back through a fresh connection to the same store. */
async function createTestDatabaseView(dialect: string, env: Record<string, string>) {
  const { openDatabase } = await import('../db/database.js');
  const { db } = openDatabase(
    dialect === 'postgres'
      ? { databaseUrl: env.DATABASE_URL }
      : { sqliteFile: path.join(env.DATA_DIR!, 'portfolio.db') },
  );
  const rows = await db
    .selectFrom('templates')
    .select(['id', 'price_paise', 'discount_percent'])
    .where('id', 'in', ['template3', 'template5'])
    .orderBy('id')
    .execute();
  await db.destroy();
  return Object.fromEntries(rows.map((row) => [row.id, [row.price_paise, row.discount_percent]]));
}

describe('npm run admin input checks', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-admin-'));
  const admin = (...args: string[]) =>
    spawnSync(process.execPath, [ADMIN, ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      encoding: 'utf8',
    });

  it.each([
    [['set-price', 'template9', '--amount', '100'], 'unknown template "template9"'],
    [['set-price', 'template1'], 'set-price needs --amount <paise>'],
    [
      ['set-price', 'template1', '--amount', '4.5'],
      '--amount must be a whole number of paise from 100 to 100000000 (got "4.5")',
    ],
    [
      ['set-price', 'template1', '--amount', '99'],
      '--amount must be a whole number of paise from 100',
    ],
    [
      ['set-price', 'template1', '--amount', '1000', '--discount', '100'],
      '--discount must be a whole percentage from 0 to 99 (got "100")',
    ],
    [
      ['set-price', 'template1', '--amount', '150', '--discount', '50'],
      'the discounted price would be under 100 paise',
    ],
    [['set-price', 'template1', '--amount', '1000', '--price', '3'], 'unknown option "--price"'],
    [['drop-tables'], 'unknown command "drop-tables"'],
  ])('refuses %j with a clear message and exit code 2', (args, message) => {
    const result = admin(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`Error: ${message}`);
    expect(result.stdout).toBe('');
  });
});
