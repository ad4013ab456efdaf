import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db, type Dialect } from '../src/server/db/database.js';
import { prepareDatabase } from '../src/server/prepare-database.js';

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it).
 * Suites loop over these so the same assertions hold on both dialects.
 */
export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  db: Db;
  dialect: Dialect;
  /** For PostgreSQL: the URL of this test's own database. */
  databaseUrl?: string;
  /** For SQLite: this test's own file. */
  sqliteFile?: string;
  /** A fresh directory to use as DATA_DIR. */
  dataDir: string;
  destroy(): Promise<void>;
}

/** A brand-new, migrated and seeded database that nothing else uses. */
export async function createTestDatabase(
  dialect: Dialect,
  options: { prepare?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-test-'));
  const prepare = options.prepare ?? true;
  if (dialect === 'sqlite') {
    const sqliteFile = path.join(dataDir, 'portfolio.db');
    const { db } = openDatabase({ sqliteFile });
    if (prepare) await prepareDatabase(db);
    return {
      db,
      dialect,
      sqliteFile,
      dataDir,
      destroy: async () => {
        await db.destroy().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const { db } = openDatabase({ databaseUrl });
  if (prepare) await prepareDatabase(db);
  return {
    db,
    dialect,
    databaseUrl,
    dataDir,
    destroy: async () => {
      await db.destroy().catch(() => {});
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
